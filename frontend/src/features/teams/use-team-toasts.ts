import type { InviteOutcome } from '../../api/types';
import { useToast } from '../../toasts/use-toast';

/**
 * How a team action that closes its modal or changes the list reports: its success text as a
 * toast, then (creating with invites) how many were invited, and each invitee the server refused
 * as an error toast of its own (the team itself was created or invited, so the others went through).
 */
export function useTeamToasts() {
  const toast = useToast();
  return {
    succeeded: ({ message, invites }: { message: string; invites?: InviteOutcome }, sentText?: (sent: number) => string) => {
      toast.success(message);
      if (sentText && invites?.sent) toast.success(sentText(invites.sent));
      invites?.errors.forEach((refusal) => toast.error(refusal.message));
    },
    failed: (message: string) => toast.error(message),
  };
}
