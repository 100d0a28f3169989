import type { SessionUser, FestEvent } from '../../api/types';
import { Alert } from '../../components/Alert';
import { TextField } from '../../components/FormField';
import { Modal } from '../../components/Modal';
import { useForm } from '../../lib/use-form';
import { useSoloRegistration } from './use-solo-registration';

const nameMatches = (typed: string, event: FestEvent) => typed.trim() === event.name;

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
  const form = useForm({ eventName: '' }, ({ eventName }) =>
    nameMatches(eventName, event) ? {} : { eventName: "Event name doesn't match. Please type the exact event name." },
  );
  const { register, registering, outcome } = useSoloRegistration(event, onRegistered);
  const submit = form.handleSubmit(() => register(user));

  return (
    <Modal title="Confirm Registration" onClose={onClose}>
      <form ref={form.formRef} className="modal__form" onSubmit={submit} noValidate>
        <p>
          You are registering for <strong>{event.name}</strong>. To confirm, type the event name exactly as shown.
        </p>
        {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
        <TextField label="Event name" autoComplete="off" spellCheck={false} placeholder={event.name} {...form.field('eventName')} />
        <div className="modal__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={!form.values.eventName.trim() || registering}>
            {registering ? 'Registering...' : 'Confirm'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
