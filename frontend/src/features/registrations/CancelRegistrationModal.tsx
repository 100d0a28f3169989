import { useState } from 'react';
import { failureMessage, fieldErrorsOf, isApiError } from '../../api/base-api';
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
  // A refusal other than the typed name (deadline passed, not the leader) stands: trying again cannot help.
  const [refused, setRefused] = useState(false);
  const toast = useToast();
  const { eventId, eventName, teamDetails } = registration;

  const confirm = async () => {
    setProblem(null);
    const result = await cancel({ eventId, eventName });
    if (result.error) {
      // The server's word on the typed name, else its reason (deadline passed, not the leader).
      const nameProblem = fieldErrorsOf(result.error).eventName;
      setProblem(nameProblem ?? failureMessage(result.error, 'Failed to cancel registration'));
      setRefused(!nameProblem && isApiError(result.error) && (result.error.status === 403 || result.error.status === 409));
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
      refused={refused}
      cancelLabel="Keep registration"
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
        The seat goes to the next in line. To confirm, type <strong>{eventName}</strong> exactly as shown.
      </p>
    </ConfirmByNameModal>
  );
}
