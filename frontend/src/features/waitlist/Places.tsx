import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { failureMessage } from '../../api/base-api';
import type { WaitlistEntry } from '../../api/types';
import { useGetWaitlistQuery, useJoinWaitlistMutation } from '../../api/waitlist-api';
import type { WaitlistViews } from '../../components/WaitlistViews';
import { useToast } from '../../toasts/use-toast';
import { EntryAnswers } from './EntryAnswers';
import { placeText } from './waitlist-text';
import './waitlist.css';

type EventPlaceProps = ComponentProps<WaitlistViews['EventPlace']>;
type TeamPlaceProps = ComponentProps<WaitlistViews['TeamPlace']>;

/** On a full event: where the student stands in its line, or Join for a solo event they are not in line for, else `fallback`. */
export function EventPlace({ eventId, eventName, soloEvent, fallback, pending = fallback }: EventPlaceProps) {
  const { entry, failed } = useEntry((candidate) => candidate.event.id === eventId);
  const [joined, setJoined] = useState(false);
  if (entry) return <PlaceInLine entry={entry} focusOnShow={joined} />;
  // A team event's line is joined by a team, from the team's page.
  if (entry === null && soloEvent) {
    return <JoinButton eventId={eventId} label="Join the waitlist" name={`Join the waitlist for ${eventName}`} onJoined={() => setJoined(true)} />;
  }
  return entry === undefined && !failed ? pending : fallback;
}

/** On a full team event: where the team stands in line, or "Put team in line" for its leader once complete. */
export function TeamPlace({ eventId, teamId, canJoin, whyNot }: TeamPlaceProps) {
  const { entry } = useEntry((candidate) => candidate.team?.id === teamId);
  const [joined, setJoined] = useState(false);
  if (entry) return <PlaceInLine entry={entry} focusOnShow={joined} />;
  if (entry !== null) return null;
  if (canJoin) return <JoinButton eventId={eventId} teamId={teamId} label="Put team in line" onJoined={() => setJoined(true)} />;
  return whyNot ? <p className="waitlist-place__hint">{whyNot}</p> : null;
}

/**
 * The student's open entry that `matches`: null when there is none, undefined while the list is
 * not known (loading, or `failed`: the event's own label stays, and Join would be a guess).
 */
function useEntry(matches: (entry: WaitlistEntry) => boolean): { entry: WaitlistEntry | null | undefined; failed: boolean } {
  const { data: entries, isError } = useGetWaitlistQuery();
  return { entry: entries && (entries.find(matches) ?? null), failed: isError };
}

interface PlaceInLineProps {
  entry: WaitlistEntry;
  /** Just joined: the Join button that had focus is gone, so focus lands on the place it gave. */
  focusOnShow: boolean;
}

/** "You are number 3 in line", or the seat held for the student (their team) with its answers. */
function PlaceInLine({ entry, focusOnShow }: PlaceInLineProps) {
  const state = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focusOnShow) state.current?.focus();
  }, [focusOnShow]);
  // After an answer the entry leaves the line and this view with it: focus goes to the state that
  // replaces it (the event's registration area), else to the place text until then.
  const keepFocus = () => (state.current?.closest<HTMLElement>('[data-focus-landing]') ?? state.current)?.focus();
  return (
    <div className="waitlist-place">
      <p ref={state} className="waitlist-place__state" tabIndex={-1}>
        {placeText(entry)}
      </p>
      {!entry.canAnswer && <p className="waitlist-place__hint">Your team&apos;s leader answers for the team.</p>}
      <EntryAnswers entry={entry} onAnswered={keepFocus} />
    </div>
  );
}

interface JoinButtonProps {
  eventId: string;
  teamId?: string;
  label: string;
  /** The button's accessible name where its label alone would not say which line. */
  name?: string;
  onJoined: () => void;
}

function JoinButton({ eventId, teamId, label, name, onJoined }: JoinButtonProps) {
  // A refusal (seats open again, closed) also reads the event again: the mutation's tags.
  const [join, { isLoading }] = useJoinWaitlistMutation();
  const toast = useToast();
  const onClick = async () => {
    const result = await join({ eventId, teamId });
    if (result.error) {
      toast.error(failureMessage(result.error, 'Failed to join the waitlist'));
      return;
    }
    toast.success(result.data.message);
    onJoined();
  };
  return (
    <button type="button" className="button button--primary button--block" aria-label={name} disabled={isLoading} onClick={() => void onClick()}>
      {isLoading ? 'Joining...' : label}
    </button>
  );
}
