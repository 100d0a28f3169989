import type { SessionUser, FestEvent } from '../../api/types';
import { useOutcome } from '../../toasts/use-outcome';
import { useToast } from '../../toasts/use-toast';
import { useRegisterSoloMutation } from './events-api';

/**
 * Registers the signed-in student for an individual event, from the confirm modal or /enroll:
 * success is a toast, with `onRegistered` (the modal closes with it); a refusal stays in
 * `outcome` beside the form and is a toast too.
 */
export function useSoloRegistration(event: FestEvent, onRegistered?: () => void) {
  const [registerSolo, { isLoading }] = useRegisterSoloMutation();
  const { outcome, clear, failed } = useOutcome();
  const toast = useToast();

  const register = async (student: SessionUser): Promise<void> => {
    clear();
    const result = await registerSolo({ eventId: event._id, studentId: student._id });
    if (result.error) {
      failed(result.error, 'Registration failed. Please try again.');
      return;
    }
    toast.success(result.data.message);
    onRegistered?.();
  };

  return { register, registering: isLoading, outcome };
}
