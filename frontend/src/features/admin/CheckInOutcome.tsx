import type { Applicant } from '../../api/types';
import { Spinner } from '../../components/Spinner';
import type { Outcome } from './use-door-check-in';

/**
 * "10:02 am" in campus time, as lib/dates shows every date. Kept here rather than in lib/dates,
 * which the home page's script carries: only the door shows a time alone.
 */
const timeFormat = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' });
const formatTime = (iso: string): string => timeFormat.format(new Date(iso));

type Tone = 'success' | 'warning' | 'danger' | 'neutral';

interface Verdict {
  tone: Tone;
  /** A mark that says the verdict without its colour. */
  symbol: string;
  title: string;
  detail?: string;
}

function verdictOf(outcome: Exclude<Outcome, { kind: 'looking' }>): Verdict {
  switch (outcome.kind) {
    case 'checked-in':
      return { tone: 'success', symbol: '✓', title: 'Checked in' };
    case 'already':
      return { tone: 'warning', symbol: '!', title: 'Already checked in', detail: checkedInSince(outcome.holders) };
    case 'choose':
      return { tone: 'neutral', symbol: '?', title: 'Who is at the door?', detail: 'Tick the team members who are here, then check them in.' };
    case 'not-the-day':
      return { tone: 'warning', symbol: '!', title: 'Not the event day yet', detail: outcome.message };
    case 'other-club':
      return { tone: 'danger', symbol: '✕', title: 'Not for your club', detail: "This ticket is for another club's event." };
    case 'unknown':
      return {
        tone: 'danger',
        symbol: '✕',
        title: 'Unknown ticket',
        detail: 'No registration holds this code: it is not a festival ticket, or its registration was rejected.',
      };
    case 'failed':
      return { tone: 'danger', symbol: '✕', title: 'Could not check in', detail: outcome.message };
  }
}

function checkedInSince(holders: Applicant[]): string | undefined {
  const first = holders.flatMap((holder) => (holder.checkedInAt ? [holder.checkedInAt] : [])).sort()[0];
  return first && `Since ${formatTime(first)}.`;
}

interface CheckInOutcomeProps {
  outcome: Outcome;
  /** For a team's ticket: the members ticked as arrived, and how to change that. */
  chosen: string[];
  onChosenChange: (userIds: string[]) => void;
}

/** The verdict on a ticket, big and coloured (with a symbol, for whoever cannot tell the colours), and whom it admits. */
export function CheckInOutcome({ outcome, chosen, onChosenChange }: CheckInOutcomeProps) {
  if (outcome.kind === 'looking') {
    return (
      <div className="scan-outcome scan-outcome--neutral">
        <Spinner label="Checking the ticket…" />
        <p className="scan-outcome__title">Checking the ticket…</p>
      </div>
    );
  }
  const verdict = verdictOf(outcome);
  const people = 'holders' in outcome ? outcome : null;
  return (
    <section className={`scan-outcome scan-outcome--${verdict.tone} scan-outcome--fresh`} aria-labelledby="scan-outcome-title">
      <div className="scan-outcome__verdict">
        <span className="scan-outcome__symbol" aria-hidden="true">
          {verdict.symbol}
        </span>
        <h2 id="scan-outcome-title" className="scan-outcome__title">
          {verdict.title}
        </h2>
      </div>
      {verdict.detail && <p className="scan-outcome__detail">{verdict.detail}</p>}
      {people && (
        <>
          <p className="scan-outcome__event">{people.event.name}</p>
          <HolderList holders={people.holders} choosing={outcome.kind === 'choose'} chosen={chosen} onChosenChange={onChosenChange} />
        </>
      )}
    </section>
  );
}

/** "23CSE014 · CSE · Year 3", leaving out what the account lacks. */
const whoText = (holder: Applicant): string => [holder.rollNum, holder.dept, holder.year && `Year ${holder.year}`].filter(Boolean).join(' · ');

interface HolderListProps extends Omit<CheckInOutcomeProps, 'outcome'> {
  holders: Applicant[];
  /** Whether the members not yet in can be ticked. */
  choosing: boolean;
}

function HolderList({ holders, choosing, chosen, onChosenChange }: HolderListProps) {
  const teamName = holders.find((holder) => holder.teamName)?.teamName;
  return (
    <>
      {teamName && <p className="scan-outcome__team">Team {teamName}</p>}
      <ul className="scan-holders" aria-label={teamName ? `Members of ${teamName}` : 'Ticket holder'}>
        {holders.map((holder) => (
          <li key={holder.userId} className="scan-holder">
            {choosing && !holder.isPresent ? (
              <label className="scan-holder__choice">
                <input
                  type="checkbox"
                  checked={chosen.includes(holder.userId)}
                  onChange={(change) => onChosenChange(change.target.checked ? [...chosen, holder.userId] : chosen.filter((id) => id !== holder.userId))}
                />
                <HolderText holder={holder} />
              </label>
            ) : (
              <HolderText holder={holder} />
            )}
            <span className={`scan-holder__state${holder.isPresent ? ' scan-holder__state--present' : ''}`}>
              {holder.isPresent ? `✓ Checked in${holder.checkedInAt ? ` ${formatTime(holder.checkedInAt)}` : ''}` : 'Not checked in'}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

function HolderText({ holder }: { holder: Applicant }) {
  const who = whoText(holder);
  return (
    <span className="scan-holder__text">
      <span className="scan-holder__name">{holder.name}</span>
      {who && <span className="scan-holder__who">{who}</span>}
    </span>
  );
}
