import { failureMessage } from '../../api/base-api';
import type { WaitlistEntry } from '../../api/types';
import { useAcceptOfferMutation, useDeclineOfferMutation, useLeaveWaitlistMutation } from '../../api/waitlist-api';
import { useToast } from '../../toasts/use-toast';

type Mutation = typeof useAcceptOfferMutation;

/** One answer to an entry: the server's message as a toast, its refusal as an error toast. */
function useAnswer(useMutation: Mutation, fallback: string) {
  const [send, { isLoading }] = useMutation();
  const toast = useToast();
  const answer = async (entry: WaitlistEntry) => {
    const result = await send(entry);
    if (result.error) toast.error(failureMessage(result.error, fallback));
    else toast.success(result.data.message);
  };
  return { answer, busy: isLoading };
}

/**
 * What the student may do with their place in line: an offer is accepted or declined, a place
 * left. Only the solo student or the team's leader answers; a member sees the state alone.
 */
export function EntryAnswers({ entry }: { entry: WaitlistEntry }) {
  const accept = useAnswer(useAcceptOfferMutation, 'Failed to accept the seat');
  const decline = useAnswer(useDeclineOfferMutation, 'Failed to decline the seat');
  const leave = useAnswer(useLeaveWaitlistMutation, 'Failed to leave the waitlist');
  if (!entry.canAnswer) return null;
  const busy = accept.busy || decline.busy || leave.busy;
  const event = entry.event.name;
  if (entry.status === 'offered') {
    return (
      <div className="waitlist-answers">
        <button
          type="button"
          className="button button--primary button--small"
          aria-label={`Accept the seat for ${event}`}
          disabled={busy}
          onClick={() => void accept.answer(entry)}
        >
          {accept.busy ? 'Accepting...' : 'Accept'}
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          aria-label={`Decline the seat for ${event}`}
          disabled={busy}
          onClick={() => void decline.answer(entry)}
        >
          {decline.busy ? 'Declining...' : 'Decline'}
        </button>
      </div>
    );
  }
  return (
    <div className="waitlist-answers">
      <button
        type="button"
        className="button button--ghost button--small"
        aria-label={`Leave the waitlist for ${event}`}
        disabled={busy}
        onClick={() => void leave.answer(entry)}
      >
        {leave.busy ? 'Leaving...' : 'Leave the waitlist'}
      </button>
    </div>
  );
}
