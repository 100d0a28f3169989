import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { isApiError } from '../../api/base-api';
import { Spinner } from '../../components/Spinner';
import { StatusPanel } from '../../components/StatusPanel';
import { TypeBadge } from '../../components/TypeBadge';
import { eventPath, paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { clubName, teamSizeText, type RegistrationGate } from './event-rules';
import { useGetEventQuery } from './events-api';
import type { FestEvent } from '../../api/types';
import './events.css';

/** Pieces the event page, the enrollment page and the register page share. */

// A malformed id (400) names no event either; both read as "not found" to a visitor.
const isMissingEvent = (error: unknown) => isApiError(error) && (error.status === 404 || error.status === 400);

interface EventLoaderProps {
  eventId: string;
  /** What a missing event shows. */
  notFound: ReactNode;
  children: (event: FestEvent) => ReactNode;
}

/** Loads one event: a spinner, then the page, the not-found view or a load error with Try Again. */
export function EventLoader({ eventId, notFound, children }: EventLoaderProps) {
  const { data: event, error, isFetching, refetch } = useGetEventQuery(eventId);
  useDocumentTitle(event?.name);
  if (event) return children(event);
  if (isMissingEvent(error)) return notFound;
  if (error) {
    return (
      <div className="page page--narrow">
        <LoadError title="Failed to load event details" headingLevel={1} error={error} retrying={isFetching} onRetry={refetch} otherAction={<BackToEvents />} />
      </div>
    );
  }
  return (
    <div className="page page--narrow">
      <Spinner label="Loading event details…" />
    </div>
  );
}

interface LoadErrorProps {
  title: string;
  headingLevel: 1 | 3;
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
  /** Shown beside Try Again. */
  otherAction?: ReactNode;
}

/** Events could not be loaded: the spec's title, the reason, and Try Again. */
export function LoadError({ title, headingLevel, error, retrying, onRetry, otherAction }: LoadErrorProps) {
  return (
    <StatusPanel
      title={title}
      tone="error"
      headingLevel={headingLevel}
      actions={
        <>
          <button type="button" className="button button--primary" onClick={() => onRetry()} disabled={retrying}>
            Try Again
          </button>
          {otherAction}
        </>
      }
    >
      {isApiError(error) && <p>{error.message}</p>}
    </StatusPanel>
  );
}

/** The events list could not be loaded (home page, dashboards). */
export function EventsLoadError(props: Pick<LoadErrorProps, 'error' | 'retrying' | 'onRetry'>) {
  return <LoadError title="Failed to load events. Please try again." headingLevel={3} {...props} />;
}

export function BackToEvents() {
  return (
    <Link to={paths.home} className="button button--ghost">
      ← Back to Events
    </Link>
  );
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="facts__item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function EventRules({ rules }: { rules: string[] }) {
  return (
    <section className="rules" aria-labelledby="rules-title">
      <h2 id="rules-title">Rules</h2>
      {rules.length > 0 && (
        <ol className="rules__list">
          {rules.map((rule, index) => (
            <li key={index}>{rule}</li>
          ))}
        </ol>
      )}
      <p className="rules__notice">The decisions of the organizers and the jury are final.</p>
    </section>
  );
}

const notices: Record<Exclude<RegistrationGate, 'open'>, { title: string; text: string; tone?: 'full' | 'registered' }> = {
  registered: { title: "You're Registered!", text: 'See it under My Registrations.', tone: 'registered' },
  admin: { title: 'Admin Account', text: 'Admins cannot register for events' },
  full: { title: 'Registration Full', text: 'All spots have been taken', tone: 'full' },
  closed: { title: 'Registration Closed', text: 'This event no longer takes registrations' },
};

/** Why the viewer cannot register here, in the spec's words. */
export function RegistrationNotice({ gate }: { gate: Exclude<RegistrationGate, 'open'> }) {
  const { title, text, tone } = notices[gate];
  return (
    <p className={`event-page__state${tone ? ` event-page__state--${tone}` : ''}`}>
      <strong>{title}</strong> {gate === 'registered' ? <Link to={paths.myRegistrations}>{text}</Link> : text}
    </p>
  );
}

/** The event as /enroll and /register show it: type, title, description, club, staff and team size. */
/** The event's type badge, title and description, heading its page. */
export function EventHeader({ event }: { event: FestEvent }) {
  return (
    <header className="event-page__header">
      <TypeBadge type={event.event_type} />
      <h1>{event.name}</h1>
      {event.description && <p className="event-page__description">{event.description}</p>}
    </header>
  );
}

export function EventSummary({ event }: { event: FestEvent }) {
  return (
    <>
      <EventHeader event={event} />
      <dl className="facts">
        <Fact label="Organizing club">{clubName(event)}</Fact>
        {event.staff_incharges.length > 0 && (
          <Fact label="Staff in-charge">
            <ul className="plain-list">
              {event.staff_incharges.map((member) => (
                <li key={member.email}>
                  {member.name}
                  <br />
                  <a href={`mailto:${member.email}`}>{member.email}</a>
                </li>
              ))}
            </ul>
          </Fact>
        )}
        {event.event_type === 'group' && <Fact label="Team size">{teamSizeText(event)}</Fact>}
      </dl>
    </>
  );
}

/** A group event registers teams, so its registration is explained rather than offered here. */
export function TeamRegistrationNote({ event }: { event: FestEvent }) {
  return (
    <p className="panel__hint">
      Teams register from the event&apos;s page, where the team leader forms the team.{' '}
      <Link to={eventPath(event._id, event.name)}>Go to the event page</Link>
    </p>
  );
}
