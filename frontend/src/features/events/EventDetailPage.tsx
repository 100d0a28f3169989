import { Link, useLocation, useParams } from 'react-router-dom';
import type { FestEvent } from '../../api/types';
import { Fact } from '../../components/Fact';
import { SeatBar } from '../../components/SeatBar';
import { StatusPanel } from '../../components/StatusPanel';
import { paths, returnTo } from '../../config/paths';
import { formatDateTime } from '../../lib/dates';
import { useSession } from '../../session/use-session';
import { clubName, registrationDeadline, registrationGate, spotsText, teamSizeText } from './event-rules';
import { BackToEvents, EventLoader } from './EventLoader';
import { EventRules } from './EventRules';
import { EventHeader } from './EventSummary';
import { RegisterButton } from './RegisterButton';
import { useRegistrationClock } from './registration-opening';
import { RegistrationNotice } from './RegistrationNotice';
import '../../components/panel.css';

export function EventDetailPage() {
  const { eventId = '' } = useParams();
  return (
    <EventLoader eventId={eventId} notFound={<EventNotFound />}>
      {(event) => <EventDetails event={event} />}
    </EventLoader>
  );
}

function EventNotFound() {
  return (
    <div className="page page--narrow">
      <StatusPanel title="Event not found" headingLevel={1} actions={<BackToEvents />}>
        <p>This event does not exist or is no longer listed.</p>
      </StatusPanel>
    </div>
  );
}

function EventDetails({ event }: { event: FestEvent }) {
  return (
    <div className="page event-page">
      <BackToEvents />
      {/* Registration comes right after the header in reading order, so phones show it before the details. */}
      <article className="event-page__layout">
        <EventHeader event={event} />
        <aside className="event-page__aside" aria-label="Registration">
          <div className="panel">
            <h2 className="panel__title">Seats</h2>
            <SeatBar taken={event.actualSeatsTaken} capacity={event.maxApplications} />
            <p className="event-page__spots">{spotsText(event)}</p>
            <RegistrationArea event={event} />
          </div>
          {event.hasGenderBasedTeams && <GenderLimits event={event} />}
        </aside>
        <div className="event-page__body">
          <EventFacts event={event} />
          <EventRules rules={event.rules} />
        </div>
      </article>
    </div>
  );
}

const orTba = (iso: string | null): string => (iso ? formatDateTime(iso) : 'TBA');

function EventFacts({ event }: { event: FestEvent }) {
  const coordinator = [event.coordinatorName, event.coordinatorDept].filter(Boolean).join(', ');
  return (
    <dl className="facts">
      <Fact label="Event date">{orTba(event.eventDate)}</Fact>
      <Fact label="Registration deadline">{orTba(registrationDeadline(event))}</Fact>
      <Fact label="Venue">{event.venue ?? 'TBA'}</Fact>
      <Fact label="Max participants">{event.maxApplications ?? 'Unlimited'}</Fact>
      <Fact label="Organizing club">{clubName(event)}</Fact>
      {coordinator && <Fact label="Coordinator">{coordinator}</Fact>}
      {event.event_type === 'group' && <Fact label="Team size">{teamSizeText(event)}</Fact>}
    </dl>
  );
}

function RegistrationArea({ event }: { event: FestEvent }) {
  const { user } = useSession();
  const location = useLocation();
  const { opensAt, now } = useRegistrationClock();
  const gate = registrationGate(event, user, now, opensAt);
  const notice = gate === 'open' ? null : <RegistrationNotice gate={gate} event={event} now={now} opensAt={opensAt} />;
  if (!user) {
    return (
      notice ?? (
        <Link to={paths.signIn} state={returnTo(location)} className="button button--primary button--block">
          Sign in to register
        </Link>
      )
    );
  }
  // A group event registers teams, not single students: its page describes it without a Register button.
  if (event.event_type === 'group') return notice;
  return <RegisterButton event={event} className="button button--primary button--block" unavailable={notice} />;
}

const teamLimit = (max: number | null): string => (max === null ? 'No limit' : `Up to ${max} teams`);

function GenderLimits({ event }: { event: FestEvent }) {
  return (
    <div className="panel">
      <h2 className="panel__title">Team limits</h2>
      <p className="panel__hint">Teams are boys-only or girls-only for this event.</p>
      <dl className="facts facts--compact">
        <Fact label="Boy teams">{teamLimit(event.maxBoyTeams)}</Fact>
        <Fact label="Girl teams">{teamLimit(event.maxGirlTeams)}</Fact>
      </dl>
    </div>
  );
}
