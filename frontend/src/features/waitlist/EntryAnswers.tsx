import { useEffect, useRef, useState } from 'react';
import { failureMessage } from '../../api/base-api';
import type { WaitlistEntry } from '../../api/types';
import { useAcceptOfferMutation, useDeclineOfferMutation, useLeaveWaitlistMutation } from '../../api/waitlist-api';
import { useToast } from '../../toasts/use-toast';

type Mutation = typeof useAcceptOfferMutation;

/** One answer to an entry: the server's message as a toast, its refusal as an error toast; whether it went through. */
function useAnswer(useMutation: Mutation, fallback: string) {
  const [send, { isLoading }] = useMutation();
  const toast = useToast();
  const answer = async (entry: WaitlistEntry): Promise<boolean> => {
    const result = await send(entry);
    if (result.error) toast.error(failureMessage(result.error, fallback));
    else toast.success(result.data.message);
    return !result.error;
  };
  return { answer, busy: isLoading };
}

interface EntryAnswersProps {
  entry: WaitlistEntry;
  /**
   * After an answer went through, while these buttons are still on screen: the entry leaves the
   * list next, taking the focused button with it, so the caller moves focus somewhere that stays.
   */
  onAnswered?: () => void;
}

/**
 * What the student may do with their place in line: an offer is accepted or declined, a place
 * left. Only the solo student or the team's leader answers; a member sees the state alone.
 */
export function EntryAnswers({ entry, onAnswered }: EntryAnswersProps) {
  const accept = useAnswer(useAcceptOfferMutation, 'Failed to accept the seat');
  const decline = useAnswer(useDeclineOfferMutation, 'Failed to decline the seat');
  const leave = useAnswer(useLeaveWaitlistMutation, 'Failed to leave the waitlist');
  if (!entry.canAnswer) return null;
  const busy = accept.busy || decline.busy || leave.busy;
  const run = async (answer: (entry: WaitlistEntry) => Promise<boolean>) => {
    if (await answer(entry)) onAnswered?.();
  };
  const event = entry.event.name;
  if (entry.status === 'offered') {
    return (
      <div className="waitlist-answers">
        <button
          type="button"
          className="button button--primary waitlist-answers__button"
          aria-label={`Accept the seat for ${event}`}
          disabled={busy}
          onClick={() => void run(accept.answer)}
        >
          {accept.busy ? 'Accepting...' : 'Accept'}
        </button>
        <DeclineButton event={event} busy={busy} declining={decline.busy} onConfirm={() => void run(decline.answer)} />
      </div>
    );
  }
  return (
    <div className="waitlist-answers">
      <button
        type="button"
        className="button button--ghost waitlist-answers__button"
        aria-label={`Leave the waitlist for ${event}`}
        disabled={busy}
        onClick={() => void run(leave.answer)}
      >
        {leave.busy ? 'Leaving...' : 'Leave the waitlist'}
      </button>
    </div>
  );
}

interface DeclineButtonProps {
  event: string;
  busy: boolean;
  declining: boolean;
  onConfirm: () => void;
}

/** Declining gives the seat away for good, so it takes a second press: "Confirm decline", beside a way back. */
function DeclineButton({ event, busy, declining, onConfirm }: DeclineButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const confirm = useRef<HTMLButtonElement>(null);
  // Focus follows the question, and comes back to Decline on the way back.
  const decline = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (confirming) confirm.current?.focus();
    else if (asked.current) decline.current?.focus();
    asked.current ||= confirming;
  }, [confirming]);
  if (!confirming) {
    return (
      <button
        ref={decline}
        type="button"
        className="button button--ghost waitlist-answers__button"
        aria-label={`Decline the seat for ${event}`}
        disabled={busy}
        onClick={() => setConfirming(true)}
      >
        Decline
      </button>
    );
  }
  return (
    <>
      <button
        ref={confirm}
        type="button"
        className="button button--danger waitlist-answers__button"
        aria-label={`Confirm declining the seat for ${event}: it passes to the next in line`}
        disabled={busy}
        onClick={onConfirm}
      >
        {declining ? 'Declining...' : 'Confirm decline'}
      </button>
      <button type="button" className="button button--ghost waitlist-answers__button" disabled={busy} onClick={() => setConfirming(false)}>
        Keep the offer
      </button>
    </>
  );
}
