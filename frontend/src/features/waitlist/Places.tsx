import type { ComponentProps } from 'react';
import { failureMessage } from '../../api/base-api';
import type { WaitlistEntry } from '../../api/types';
import { useGetWaitlistQuery, useJoinWaitlistMutation } from '../../api/waitlist-api';
import type { WaitlistViews } from '../../components/WaitlistViews';
import { useToast } from '../../toasts/use-toast';
import { EntryAnswers } from './EntryAnswers';
import { heldUntil } from './waitlist-text';
import './waitlist.css';

type EventPlaceProps = ComponentProps<WaitlistViews['EventPlace']>;
type TeamPlaceProps = ComponentProps<WaitlistViews['TeamPlace']>;

/** On a full event: where the student stands in its line, or Join for a solo event they are not in line for, else `fallback`. */
export function EventPlace({ eventId, eventName, soloEvent, fallback }: EventPlaceProps) {
  const entry = useEntry((candidate) => candidate.event.id === eventId);
  if (entry) return <PlaceInLine entry={entry} />;
  // A team event's line is joined by a team, from the team's page.
  if (entry === null && soloEvent) return <JoinButton eventId={eventId} label="Join the waitlist" name={`Join the waitlist for ${eventName}`} />;
  return fallback;
}

/** On a full team event: where the team stands in line, or "Put team in line" for its leader once complete. */
export function TeamPlace({ eventId, teamId, canJoin, whyNot }: TeamPlaceProps) {
  const entry = useEntry((candidate) => candidate.team?.id === teamId);
  if (entry) return <PlaceInLine entry={entry} />;
  if (entry !== null) return null;
  if (canJoin) return <JoinButton eventId={eventId} teamId={teamId} label="Put team in line" />;
  return whyNot ? <p className="waitlist-place__hint">{whyNot}</p> : null;
}

/**
 * The student's open entry that `matches`: null when there is none, undefined while the list is
 * not known (loading, or failed: the event's own label stays, and Join would be a guess).
 */
function useEntry(matches: (entry: WaitlistEntry) => boolean): WaitlistEntry | null | undefined {
  const { data: entries } = useGetWaitlistQuery();
  return entries && (entries.find(matches) ?? null);
}

/** "You are number 3 in line", or the seat held for the student with its answers. */
function PlaceInLine({ entry }: { entry: WaitlistEntry }) {
  return (
    <div className="waitlist-place">
      <p className="waitlist-place__state">
        {entry.status === 'offered' ? `A seat is held for you until ${heldUntil(entry)}` : `You are number ${entry.place} in line`}
      </p>
      {!entry.canAnswer && <p className="waitlist-place__hint">Your team&apos;s leader answers for the team.</p>}
      <EntryAnswers entry={entry} />
    </div>
  );
}

interface JoinButtonProps {
  eventId: string;
  teamId?: string;
  label: string;
  /** The button's accessible name where its label alone would not say which line. */
  name?: string;
}

function JoinButton({ eventId, teamId, label, name }: JoinButtonProps) {
  const [join, { isLoading }] = useJoinWaitlistMutation();
  const toast = useToast();
  const onClick = async () => {
    const result = await join({ eventId, teamId });
    if (result.error) toast.error(failureMessage(result.error, 'Failed to join the waitlist'));
    else toast.success(result.data.message);
  };
  return (
    <button type="button" className="button button--primary button--small" aria-label={name} disabled={isLoading} onClick={() => void onClick()}>
      {isLoading ? 'Joining...' : label}
    </button>
  );
}
