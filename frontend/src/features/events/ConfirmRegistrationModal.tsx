import type { SessionUser, FestEvent } from '../../api/types';
import { Alert } from '../../components/Alert';
import { ConfirmByNameModal } from '../../components/ConfirmByNameModal';
import { useSoloRegistration } from './use-solo-registration';

interface ConfirmRegistrationModalProps {
  event: FestEvent;
  user: SessionUser;
  /** Closing unmounts the modal, which forgets the typed text and any error. */
  onClose: () => void;
  /** Called instead of `onClose` after a successful registration. */
  onRegistered: () => void;
}

/** Solo registration, confirmed by typing the event's exact name. */
export function ConfirmRegistrationModal({ event, user, onClose, onRegistered }: ConfirmRegistrationModalProps) {
  const { register, registering, outcome } = useSoloRegistration(event, onRegistered);
  return (
    <ConfirmByNameModal
      title="Confirm Registration"
      eventName={event.name}
      outcome={outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      busy={registering}
      busyLabel="Registering..."
      onConfirm={() => register(user)}
      onClose={onClose}
    >
      <p>
        You are registering for <strong>{event.name}</strong>. To confirm, type the event name exactly as shown.
      </p>
    </ConfirmByNameModal>
  );
}
