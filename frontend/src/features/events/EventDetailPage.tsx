import type { ComponentType } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { useGetResultsQuery } from '../../api/results-api';
import type { FestEvent } from '../../api/types';
import { Fact } from '../../components/Fact';
import { Link } from '../../components/Link';
import { eventSeats, SeatBar } from '../../components/SeatBar';
import { StatusPanel } from '../../components/StatusPanel';
import { paths, returnTo } from '../../config/paths';
import { formatEventTime } from '../../lib/dates';
import { isOnOrAfterDay } from '../../lib/festival-day';
import { useSession } from '../../session/use-session';
import { clubName, hasWaitlist, registrationGate, type RegistrationGate } from './event-rules';
import { deadlineText, spotsText, teamSizeText } from './event-texts';
import { BackToEvents, EventLoader } from './EventLoader';
import { EventRules } from './EventRules';
import { EventHeader } from './EventSummary';
import { RegisterButton } from './RegisterButton';
import { useRegistrationClock } from './registration-opening';
import { RegistrationNotice } from './RegistrationNotice';
import { useLiveSeats } from './use-live-seats';
import { WaitlistPlace } from './WaitlistPlace';
import '../../components/panel.css';

/** What a team event's page shows below its seats, supplied by the app (features do not import each other). */
export interface TeamsAreaProps {
  event: FestEvent;
  /** Registration is open to this viewer: signed in, not registered, not an admin, not full or closed. */
  canRegister: boolean;
  /** The event is full but otherwise open to this viewer: a team may wait in line for a seat. */
  canQueue: boolean;
}

interface EventDetailPageProps {
  /** A team event's teams: the student's own, and the gender counters. */
  teamsArea?: ComponentType<TeamsAreaProps>;
}

export function EventDetailPage({ teamsArea }: EventDetailPageProps) {
  const { eventId = '' } = useParams();
  useLiveSeats(eventId);
  return (
    <EventLoader eventId={eventId} notFound={<EventNotFound />}>
      {(event) => <EventDetails event={event} teamsArea={teamsArea} />}
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

function EventDetails({ event, teamsArea: TeamsArea }: { event: FestEvent } & EventDetailPageProps) {
  const { user } = useSession();
  const { opensAt, now } = useRegistrationClock();
  const gate = registrationGate(event, user, now, opensAt);
  return (
    <div className="page event-page">
      <BackToEvents />
      {/* Registration comes right after the header in reading order, so phones show it before the details. */}
      <article className="event-page__layout">
        <EventHeader event={event} />
        <aside className="event-page__aside" aria-label="Registration">
          <div className="panel">
            <h2 className="panel__title">{event.event_type === 'group' ? 'Team places' : 'Seats'}</h2>
            <SeatBar {...eventSeats(event)} />
            {/* A full event's notice below says so: the page says "full" once. */}
            {gate !== 'full' && <p className="event-page__spots">{spotsText(event)}</p>}
            <RegistrationArea event={event} gate={gate} now={now} opensAt={opensAt} />
          </div>
          {event.eventDate && isOnOrAfterDay(event.eventDate, now) && <ResultsLink event={event} />}
          {event.event_type === 'group' && TeamsArea && (
            <TeamsArea event={event} canRegister={user !== null && gate === 'open'} canQueue={user !== null && hasWaitlist(gate, event, now)} />
          )}
        </aside>
        <div className="event-page__body">
          <EventFacts event={event} />
          <EventRules rules={event.rules} />
        </div>
      </article>
    </div>
  );
}

/** A link to the event's results once its winners are confirmed; asked for only from the event's day, before which there are none. */
function ResultsLink({ event }: { event: FestEvent }) {
  const { data: results } = useGetResultsQuery(event._id);
  if (!results) return null;
  return (
    <div className="panel">
      <h2 className="panel__title">Results</h2>
      <p className="panel__hint">The winners are announced.</p>
      <Link to={paths.eventResults.replace(':eventId', encodeURIComponent(event._id))} className="button button--primary button--block">
        See the winners
      </Link>
    </div>
  );
}

function EventFacts({ event }: { event: FestEvent }) {
  const coordinator = [event.coordinatorName, event.coordinatorDept].filter(Boolean).join(', ');
  return (
    <dl className="facts">
      <Fact label="Event date">{event.eventDate ? formatEventTime(event.eventDate, event.eventEndDate) : 'TBA'}</Fact>
      <Fact label="Registration deadline">{deadlineText(event)}</Fact>
      <Fact label="Venue">{event.venue ?? 'TBA'}</Fact>
      {event.event_type === 'group' ? (
        <Fact label="Max teams">{event.maxApplications ?? 'Unlimited'}</Fact>
      ) : (
        <Fact label="Max participants">{event.maxApplications ?? 'Unlimited'}</Fact>
      )}
      <Fact label="Organizing club">{clubName(event)}</Fact>
      {coordinator && <Fact label="Coordinator">{coordinator}</Fact>}
      {event.event_type === 'group' && <Fact label="Team size">{teamSizeText(event)}</Fact>}
    </dl>
  );
}

interface RegistrationAreaProps {
  event: FestEvent;
  gate: RegistrationGate;
  /** The page's one clock, ticking until registration opens. */
  now: number;
  opensAt: string | undefined;
}

function RegistrationArea({ event, gate, now, opensAt }: RegistrationAreaProps) {
  const { user } = useSession();
  const location = useLocation();
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
  // A group event registers teams, not single students: the teams area below offers forming one
  // (and, once full, putting one in line).
  if (event.event_type === 'group') return notice;
  const unavailable = hasWaitlist(gate, event, now) ? (
    <>
      {notice}
      <WaitlistPlace event={event} fallback={null} />
    </>
  ) : (
    notice
  );
  return <RegisterButton event={event} className="button button--primary button--block" unavailable={unavailable} />;
}
