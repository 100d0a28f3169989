import { useState } from 'react';
import { failureMessage, fieldErrorsOf } from '../../api/base-api';
import type { Registration } from '../../api/types';
import { Alert } from '../../components/Alert';
import { ConfirmByNameModal } from '../../components/ConfirmByNameModal';
import { useToast } from '../../toasts/use-toast';
import { useCancelRegistrationMutation } from './registrations-api';

interface CancelRegistrationModalProps {
  registration: Registration;
  /** Closing unmounts the modal, which forgets the typed text and any error. */
  onClose: () => void;
  /** After the registration is cancelled (and so leaves the list), instead of `onClose`. */
  onCancelled: () => void;
}

/** Gives a registration's seat back, confirmed by typing the event's exact name. */
export function CancelRegistrationModal({ registration, onClose, onCancelled }: CancelRegistrationModalProps) {
  const [cancel, { isLoading }] = useCancelRegistrationMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const toast = useToast();
  const { eventId, eventName, teamDetails } = registration;

  const confirm = async () => {
    setProblem(null);
    const result = await cancel({ eventId, eventName });
    if (result.error) {
      // The server's word on the typed name, else its reason (deadline passed, not the leader).
      setProblem(fieldErrorsOf(result.error).eventName ?? failureMessage(result.error, 'Failed to cancel registration'));
      return;
    }
    toast.success(result.data);
    onCancelled();
  };

  return (
    <ConfirmByNameModal
      title="Cancel Registration"
      eventName={eventName}
      outcome={problem && <Alert tone="error">{problem}</Alert>}
      busy={isLoading}
      busyLabel="Cancelling..."
      action="Cancel registration"
      danger
      requireExactName
      onConfirm={confirm}
      onClose={onClose}
    >
      <p>
        {teamDetails ? (
          <>
            Team <strong>{teamDetails.teamName}</strong> gives up its seat at <strong>{eventName}</strong>. The team stays, with its members.
          </>
        ) : (
          <>
            You give up your seat at <strong>{eventName}</strong>.
          </>
        )}{' '}
        The seat goes to the next in line. To confirm, type the event name exactly as shown.
      </p>
    </ConfirmByNameModal>
  );
}
