import { useEffect, useRef } from 'react';
import type { Applicant } from '../../api/types';
import { Spinner } from '../../components/Spinner';
import { formatTime } from '../../lib/festival-day';
import type { Outcome } from './use-door-check-in';

type Tone = 'success' | 'warning' | 'danger' | 'neutral';

interface Verdict {
  tone: Tone;
  /** A mark that says the verdict without its colour. */
  symbol: string;
  title: string;
  detail?: string;
}

const CHOOSE_HINT = 'Tick the team members who are here, then check them in.';

function verdictOf(outcome: Exclude<Outcome, { kind: 'looking' }>): Verdict {
  switch (outcome.kind) {
    case 'checked-in':
      return { tone: 'success', symbol: '✓', title: checkedInTitle(outcome.holders) };
    case 'already':
      return { tone: 'warning', symbol: '!', title: 'Already checked in', detail: checkedInSince(outcome.holders) };
    case 'choose':
      return {
        tone: 'neutral',
        symbol: '?',
        title: 'Who is at the door?',
        detail: [outcome.notice && `${outcome.notice}.`, CHOOSE_HINT].filter(Boolean).join(' '),
      };
    case 'not-yet':
      return { tone: 'warning', symbol: '!', title: 'Cannot check in yet', detail: outcome.message };
    case 'other-club':
      return { tone: 'danger', symbol: '✕', title: 'Not for your club', detail: "This ticket is for another club's event." };
    case 'unknown':
      return {
        tone: 'danger',
        symbol: '✕',
        title: 'Unknown ticket',
        detail: 'No registration holds this code: it is not a festival ticket, or its registration was rejected.',
      };
    case 'not-on-list':
      return {
        tone: 'danger',
        symbol: '✕',
        title: "Not on this event's list",
        detail: `This ticket is not one of ${outcome.event.name}'s: it is for another event, or no registration holds it.`,
      };
    case 'refused':
      return { tone: 'danger', symbol: '✕', title: 'Could not mark present', detail: outcome.message };
    case 'failed':
      return { tone: 'danger', symbol: '✕', title: 'Could not check in', detail: outcome.message };
  }
}

/** "Checked in", or for a team "Checked in 1 of 2": the door sees at once who is still to come. */
function checkedInTitle(holders: Applicant[]): string {
  if (holders.length < 2) return 'Checked in';
  return `Checked in ${holders.filter((holder) => holder.isPresent).length} of ${holders.length}`;
}

/**
 * The verdict in one line, for the page's live region: screen readers hear the verdict and whom it
 * names, not every checkbox and row of the list. Empty while the ticket is checked (the spinner says so).
 */
export function summaryOf(outcome: Outcome): string {
  if (outcome.kind === 'looking') return '';
  const { title, detail } = verdictOf(outcome);
  const names = 'holders' in outcome ? outcome.holders.map((holder) => holder.name).join(', ') : '';
  return [names ? `${title}: ${names}.` : `${title}.`, detail].filter(Boolean).join(' ');
}

/** "Since 10:42, at Door 2.": the first of the holders to come in, and the door that let them in when a door did. */
function checkedInSince(holders: Applicant[]): string | undefined {
  const first = holders.filter((holder) => holder.checkedInAt).sort((a, b) => (a.checkedInAt ?? '').localeCompare(b.checkedInAt ?? ''))[0];
  if (!first?.checkedInAt) return undefined;
  return first.checkedInDoor ? `Since ${formatTime(first.checkedInAt)}, at ${first.checkedInDoor}.` : `Since ${formatTime(first.checkedInAt)}.`;
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
        {/* Said once, by the spinner's status. */}
        <p className="scan-outcome__title" aria-hidden="true">
          Checking the ticket…
        </p>
      </div>
    );
  }
  return <Verdict outcome={outcome} chosen={chosen} onChosenChange={onChosenChange} />;
}

function Verdict({ outcome, chosen, onChosenChange }: CheckInOutcomeProps & { outcome: Exclude<Outcome, { kind: 'looking' }> }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The button pressed (Scan next, Check in, Check ticket, Mark present) is gone or disabled now:
  // focus goes to the verdict, not to the page's start. The page brings it into view itself.
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);
  const verdict = verdictOf(outcome);
  const people = 'holders' in outcome ? outcome : null;
  return (
    <section className={`scan-outcome scan-outcome--${verdict.tone} scan-outcome--fresh`} aria-labelledby="scan-outcome-title">
      <div className="scan-outcome__verdict">
        <span className="scan-outcome__symbol" aria-hidden="true">
          {verdict.symbol}
        </span>
        <h2 ref={heading} id="scan-outcome-title" className="scan-outcome__title" tabIndex={-1}>
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

/** "23CSE014 · CSE · Year 3", and "· Team Byte Me" where asked, leaving out what the account lacks. */
const whoText = (holder: Applicant, withTeam: boolean): string =>
  [holder.rollNum, holder.dept, holder.year && `Year ${holder.year}`, withTeam && holder.teamName && `Team ${holder.teamName}`].filter(Boolean).join(' · ');

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

/** A student's name over their details; a search's results name the team, a ticket's list names it above. */
export function HolderText({ holder, withTeam = false }: { holder: Applicant; withTeam?: boolean }) {
  const who = whoText(holder, withTeam);
  return (
    <span className="scan-holder__text">
      <span className="scan-holder__name">{holder.name}</span>
      {who && <span className="scan-holder__who">{who}</span>}
    </span>
  );
}
