import { useRef, useState, type ReactNode } from 'react';
import type { Registration, RegistrationStatus, TeamDetails } from '../../api/types';
import { Link } from '../../components/Link';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { SectionLink } from '../../components/SectionLink';
import { Spinner } from '../../components/Spinner';
import { StatusPanel } from '../../components/StatusPanel';
import { TypeBadge } from '../../components/TypeBadge';
import { eventPath, homeSections } from '../../config/paths';
import { DEFAULT_CLUB } from '../../config/product';
import { formatDate, formatEventTime } from '../../lib/dates';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSession } from '../../session/use-session';
import { CancelRegistrationModal } from './CancelRegistrationModal';
import { MyCertificates } from './MyCertificates';
import { calendarHref, useGetMyRegistrationsQuery } from './registrations-api';
import { ReminderSwitch } from './ReminderSwitch';
import { Ticket } from './Ticket';
import '../../components/panel.css';
import './registrations.css';

/**
 * When cancelling an event's registration stops: its registration deadline, else its start; null
 * when it has neither, undefined while unknown (the server decides then). Supplied by the app,
 * which knows the events (features do not import each other).
 */
export type CancelClosesAt = (eventId: string) => string | null | undefined;

interface MyRegistrationsPageProps {
  cancelClosesAt?: CancelClosesAt;
  /** The student's places in the events' lines, below their registrations. */
  waitlist?: ReactNode;
  /** Above them instead, while a seat is offered (held for a while only). */
  waitlistFirst?: boolean;
}

export function MyRegistrationsPage({ cancelClosesAt = () => undefined, waitlist, waitlistFirst = false }: MyRegistrationsPageProps) {
  useDocumentTitle('My Registrations');
  const list = useRef<HTMLDivElement>(null);
  return (
    <div className="page">
      <PageHeader eyebrow="Your festival" title="My Registrations">
        Every event you have registered for, with its status and the ticket to show at the door.
      </PageHeader>
      {waitlistFirst && <div className="registrations-first">{waitlist}</div>}
      <ReminderSwitch />
      {/* Focus comes here once a cancelled registration (and the button that had focus) is gone. */}
      <div ref={list} tabIndex={-1} className="registration-list">
        <RegistrationList cancelClosesAt={cancelClosesAt} onCancelled={() => list.current?.focus()} />
      </div>
      {!waitlistFirst && waitlist}
      <MyCertificates />
    </div>
  );
}

interface CancelOptions {
  cancelClosesAt: CancelClosesAt;
  onCancelled: () => void;
}

function RegistrationList({ cancelClosesAt, onCancelled }: CancelOptions) {
  const { data: registrations, error, isFetching, refetch } = useGetMyRegistrationsQuery();
  if (registrations) {
    const current = registrations.filter((registration) => !registration.pastFestival);
    const past = registrations.filter((registration) => registration.pastFestival);
    return (
      <>
        {current.length === 0 ? <NoRegistrations /> : <RegistrationGrid registrations={current} cancelClosesAt={cancelClosesAt} onCancelled={onCancelled} />}
        {past.length > 0 && <PastFestivals registrations={past} />}
      </>
    );
  }
  if (error) return <LoadError title="Failed to load registrations" retrying={isFetching} onRetry={() => void refetch()} />;
  return <Spinner label="Loading your registrations…" page />;
}

function NoRegistrations() {
  return (
    <StatusPanel
      title="No Registrations Yet"
      actions={
        <SectionLink section={homeSections.events} className="button button--primary">
          Browse Events
        </SectionLink>
      }
    >
      <p>Events you register for will show up here.</p>
    </StatusPanel>
  );
}

/** What the student took part in at earlier festivals: kept for the record, with no ticket and nothing to change. */
function PastFestivals({ registrations }: { registrations: Registration[] }) {
  return (
    <section className="registrations-past" aria-labelledby="past-festivals">
      <h2 id="past-festivals" className="panel__title">
        Past festivals
      </h2>
      <p className="panel__hint">Your registrations at earlier festivals, kept for the record. Their tickets no longer admit anyone.</p>
      <ul className="registration-grid">
        {registrations.map((registration) => (
          <li key={registration._id}>
            <RegistrationCard registration={registration} cancelClosesAt={undefined} onCancelled={() => undefined} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function RegistrationGrid({ registrations, cancelClosesAt, onCancelled }: CancelOptions & { registrations: Registration[] }) {
  return (
    <ul className="registration-grid">
      {registrations.map((registration) => (
        <li key={registration._id}>
          <RegistrationCard registration={registration} cancelClosesAt={cancelClosesAt(registration.eventId)} onCancelled={onCancelled} />
        </li>
      ))}
    </ul>
  );
}

// Every status is said: a registration still waiting for the club must not read as confirmed.
const statusLabels: Record<RegistrationStatus, string> = {
  approved: 'Approved',
  rejected: 'Rejected',
  pending: 'Awaiting approval',
};

interface RegistrationCardProps {
  registration: Registration;
  cancelClosesAt: string | null | undefined;
  onCancelled: () => void;
}

/** The printed ticket's lines, as the e-mailed ticket has them: when, where, and whose (a team's every member). */
function ticketDetails(registration: Registration, holder: string): string[] {
  const { eventDate, eventEndDate, venue, teamDetails } = registration;
  return [
    `When: ${eventDate ? formatEventTime(eventDate, eventEndDate) : 'to be announced'}`,
    `Venue: ${venue ?? 'to be announced'}`,
    teamDetails ? `Team ticket for: ${teamDetails.members.map((member) => member.name).join(', ')}` : `Name: ${holder}`,
  ];
}

function RegistrationCard({ registration, cancelClosesAt, onCancelled }: RegistrationCardProps) {
  const holder = useSession().user?.name ?? '';
  const status = statusLabels[registration.status];
  // A rejected registration holds no seat; past the deadline the seat is kept.
  const cancellable = !registration.pastFestival && registration.status !== 'rejected' && !(cancelClosesAt && Date.parse(cancelClosesAt) <= Date.now());
  return (
    <article className="card registration-card">
      <div className="registration-card__meta">
        <TypeBadge type={registration.eventType} />
        <span className={`status-badge status-badge--${registration.status}`}>{status}</span>
      </div>
      <h2 className="registration-card__title">
        <Link to={eventPath(registration.eventId, registration.eventName)}>{registration.eventName}</Link>
      </h2>
      <p className="registration-card__club">{registration.clubInCharge ?? DEFAULT_CLUB}</p>
      <p className="registration-card__date">
        Registered on <time dateTime={registration.appliedAt}>{formatDate(registration.appliedAt)}</time>
      </p>
      {registration.eventDate && registration.ticket && (
        <EventTime
          eventId={registration.eventId}
          eventName={registration.eventName}
          eventDate={registration.eventDate}
          eventEndDate={registration.eventEndDate}
        />
      )}
      {registration.pastFestival && registration.eventDate && (
        <p className="registration-card__date">
          Held on <time dateTime={registration.eventDate}>{formatDate(registration.eventDate)}</time>
        </p>
      )}
      {registration.venue && <p className="registration-card__venue">{registration.venue}</p>}
      {registration.teamDetails && <TeamBreakdown team={registration.teamDetails} />}
      {/* Last, so the cards' tickets line up along the grid's rows. */}
      {registration.status === 'rejected' && (
        <div className="panel__hint">
          {registration.rejectionReason && <p>The organisers said: “{registration.rejectionReason}”</p>}
          <p>The club turned this registration down, and its seat went to others. Every other open event still takes you.</p>
        </div>
      )}
      {registration.ticket && (
        <Ticket
          code={registration.ticket.code}
          eventName={registration.eventName}
          pending={registration.status === 'pending'}
          details={ticketDetails(registration, holder)}
        />
      )}
      {cancellable && <CancelAction registration={registration} onCancelled={onCancelled} />}
    </article>
  );
}

/** When a dated event of a registration holding a seat takes place, and its calendar invite to download. */
function EventTime({ eventId, eventName, eventDate, eventEndDate }: { eventId: string; eventName: string; eventDate: string; eventEndDate: string | null }) {
  return (
    <div className="registration-card__when">
      <p>
        <time dateTime={eventDate}>{formatEventTime(eventDate, eventEndDate)}</time>
      </p>
      <a className="button button--ghost registration-card__calendar" href={calendarHref(eventId)} download>
        Add to calendar
        {/* Each dated registration has one: the name says which event. */}
        <span className="visually-hidden">: {eventName}</span>
      </a>
    </div>
  );
}

/** Cancel for a solo registration or the team's leader; a member is told who may cancel. */
function CancelAction({ registration, onCancelled }: { registration: Registration; onCancelled: () => void }) {
  const { user } = useSession();
  const [confirming, setConfirming] = useState(false);
  const leader = registration.teamDetails?.leader;
  if (leader && leader._id !== user?._id) {
    return <p className="registration-card__cancel-hint">Only {leader.name}, the team&apos;s leader, can cancel this registration.</p>;
  }
  return (
    <div className="registration-card__cancel">
      <button
        type="button"
        className="button button--ghost button--small button--danger-text"
        aria-label={`Cancel registration for ${registration.eventName}`}
        onClick={() => setConfirming(true)}
      >
        Cancel registration
      </button>
      {confirming && <CancelRegistrationModal registration={registration} onClose={() => setConfirming(false)} onCancelled={onCancelled} />}
    </div>
  );
}

/** Who someone is on campus: "23CSE014 · CSE", leaving out what an entry lacks. */
const whoText = (person: { rollNumber: string | null; dept: string | null }): string => [person.rollNumber, person.dept].filter(Boolean).join(' · ');

/** A team registration's team, folded until asked for: its leader and every member. */
function TeamBreakdown({ team }: { team: TeamDetails }) {
  return (
    <details className="team-breakdown">
      <summary>
        Team {team.teamName} · {team.members.length} {team.members.length === 1 ? 'member' : 'members'}
      </summary>
      <dl className="team-breakdown__facts">
        <dt>Team name</dt>
        <dd>{team.teamName}</dd>
        <dt>Leader</dt>
        <dd>
          {team.leader.name} <span className="team-breakdown__who">{whoText(team.leader)}</span>
        </dd>
      </dl>
      <h3 className="team-breakdown__heading">Members</h3>
      <ul className="team-breakdown__members">
        {team.members.map((member, index) => (
          // Members listed without an account have no id; their place in the team is stable.
          <li key={member._id ?? `listed-${index}`}>
            <span className="team-breakdown__name">{member.name}</span>
            <span className="team-breakdown__who">{whoText(member)}</span>
            <span className="team-breakdown__who">
              Joined <time dateTime={member.joinedAt}>{formatDate(member.joinedAt)}</time>
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}
