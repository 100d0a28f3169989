import type { WaitlistEntry } from '../../api/types';
import { useGetWaitlistQuery } from '../../api/waitlist-api';
import { Link } from '../../components/Link';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import { eventPath } from '../../config/paths';
import { EntryAnswers } from './EntryAnswers';
import { heldUntil } from './waitlist-text';
import '../../components/panel.css';
import './waitlist.css';

/** My Registrations' waitlist: each place the student (or their team) holds in an event's line. */
export function WaitlistSection() {
  return (
    <section className="panel waitlist-section" aria-labelledby="waitlist-heading">
      <h2 id="waitlist-heading" className="panel__title">
        Waitlist
      </h2>
      <WaitlistEntries />
    </section>
  );
}

function WaitlistEntries() {
  const { data: entries, error, isFetching, refetch } = useGetWaitlistQuery();
  if (entries) {
    if (entries.length === 0) return <p className="panel__hint">You are not in line for any event. A full event offers to put you in line.</p>;
    return (
      <ul className="waitlist-list">
        {offersFirst(entries).map((entry) => (
          <li key={entry.id}>
            <WaitlistRow entry={entry} />
          </li>
        ))}
      </ul>
    );
  }
  if (error) return <LoadError title="Failed to load your waitlist" headingLevel={3} error={error} retrying={isFetching} onRetry={() => void refetch()} />;
  return <Spinner label="Loading your waitlist…" />;
}

/** Seats offered (held for a while only) first, then the places in line, each in the server's order. */
const offersFirst = (entries: WaitlistEntry[]): WaitlistEntry[] => [
  ...entries.filter((entry) => entry.status === 'offered'),
  ...entries.filter((entry) => entry.status !== 'offered'),
];

function WaitlistRow({ entry }: { entry: WaitlistEntry }) {
  const offered = entry.status === 'offered';
  return (
    <article className={`waitlist-row${offered ? ' waitlist-row--offered' : ''}`} aria-label={entry.event.name}>
      <h3 className="waitlist-row__event">
        <Link to={eventPath(entry.event.id, entry.event.name)}>{entry.event.name}</Link>
      </h3>
      {entry.team && <p className="waitlist-row__team">Team {entry.team.name}</p>}
      <p className="waitlist-row__state">
        {offered ? `Seat held for ${entry.team ? 'your team' : 'you'} until ${heldUntil(entry)}` : `Number ${entry.place} in line`}
      </p>
      {!entry.canAnswer && <p className="waitlist-place__hint">Your team&apos;s leader answers for the team.</p>}
      <EntryAnswers entry={entry} />
    </article>
  );
}
