import type { ReactNode } from 'react';
import type { FestEvent } from '../../api/types';
import { Link } from '../../components/Link';
import { eventSeats, SeatBar } from '../../components/SeatBar';
import { TypeBadge } from '../../components/TypeBadge';
import { eventPath } from '../../config/paths';
import { formatDate, formatEventTime } from '../../lib/dates';
import { useSession } from '../../session/use-session';
import { cardAnchor, cardDate, closedText, clubName, hasWaitlist, opensInText, opensOnText, registrationGate, type RegistrationGate } from './event-rules';
import { RegisterButton } from './RegisterButton';
import { useRegistrationOpensAt } from './registration-opening';
import { WaitlistPlace } from './WaitlistPlace';

interface EventCardProps {
  event: FestEvent;
  now: number;
}

export function EventCard({ event, now }: EventCardProps) {
  const date = cardDate(event);
  return (
    <article id={cardAnchor(event._id)} className="card event-card">
      <div className="event-card__meta">
        <TypeBadge type={event.event_type} />
        <span className="event-card__club">{clubName(event)}</span>
      </div>
      <h3 className="event-card__title">
        {/* Stretched over the whole card; the action button sits above it. */}
        <Link to={eventPath(event._id, event.name)} className="event-card__link">
          {event.name}
        </Link>
      </h3>
      {event.description && <p className="event-card__description">{event.description}</p>}
      <p className="event-card__date">
        <CalendarIcon />
        <time dateTime={date}>{event.eventDate ? formatEventTime(event.eventDate, event.eventEndDate) : formatDate(date)}</time>
      </p>
      <SeatBar {...eventSeats(event)} />
      <div className="event-card__action">
        <RegistrationAction event={event} now={now} />
      </div>
    </article>
  );
}

const stateLabels: Record<Exclude<RegistrationGate, 'open' | 'upcoming' | 'closed'>, { text: string; tone?: 'full' | 'registered' }> = {
  registered: { text: '✓ Registered', tone: 'registered' },
  admin: { text: 'Admin Account' },
  full: { text: 'Registration Full', tone: 'full' },
};

function RegistrationAction({ event, now }: EventCardProps) {
  const { user } = useSession();
  const opensAt = useRegistrationOpensAt();
  const gate = registrationGate(event, user, now, opensAt);
  const label = gate === 'open' ? null : <StateLabel gate={gate} event={event} now={now} opensAt={opensAt} />;
  // A full event is no dead end for a student: its line, and their place in it, show instead.
  const unavailable =
    user && hasWaitlist(gate, event, now) ? (
      <WaitlistPlace event={event} fallback={<FullForStudent event={event} label={label} />} pending={<PendingPlace />} />
    ) : (
      label
    );
  return <RegisterButton event={event} className="button button--primary" unavailable={unavailable} anchor={cardAnchor(event._id)} />;
}

/** A full event the student is not in line for: a team event's line is joined from its page, which the card points to. */
function FullForStudent({ event, label }: { event: FestEvent; label: ReactNode }) {
  if (event.event_type !== 'group') return label;
  return (
    <span className="event-card__full">
      {label}
      <Link to={eventPath(event._id, event.name)} className="event-card__hint">
        Put your team in line from the event page
      </Link>
    </span>
  );
}

/**
 * While the student's places in line load: a quiet placeholder of the answer's size, not the red
 * "Registration Full" that Join (or their place) would replace a moment later.
 */
function PendingPlace() {
  return (
    <span className="state-label" aria-busy="true">
      Checking the waitlist…
    </span>
  );
}

interface StateLabelProps extends EventCardProps {
  gate: Exclude<RegistrationGate, 'open'>;
  opensAt: string | undefined;
}

function StateLabel({ gate, event, now, opensAt }: StateLabelProps) {
  if (gate === 'upcoming' && opensAt) {
    return (
      <span className="state-label state-label--upcoming">
        <span>{opensOnText(opensAt)}</span>
        <span className="state-label__countdown">{opensInText(opensAt, now)}</span>
      </span>
    );
  }
  if (gate === 'upcoming' || gate === 'closed') return <span className="state-label">{closedText(event, now)}</span>;
  // Registered but not yet approved is not confirmed: the label says what it waits for.
  if (gate === 'registered' && event.registrationStatus === 'pending') return <span className="state-label">Awaiting approval</span>;
  const { text, tone } = stateLabels[gate];
  return <span className={`state-label${tone ? ` state-label--${tone}` : ''}`}>{text}</span>;
}

function CalendarIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <rect x="3" y="5" width="18" height="16" rx="3" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M3 10h18M8 3v4M16 3v4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
