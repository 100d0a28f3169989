import type { ComponentType } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import type { FestEvent } from '../../api/types';
import { paths } from '../../config/paths';
import { useSession } from '../../session/use-session';
import { hasWaitlist, registrationGate } from './event-rules';
import type { TeamsAreaProps } from './EventDetailPage';
import { BackToEvents, EventLoader } from './EventLoader';
import { EventSummary } from './EventSummary';
import { useRegistrationClock } from './registration-opening';
import { RegistrationNotice } from './RegistrationNotice';
import '../../components/panel.css';

interface RegisterPageProps {
  /** A team event's My Teams manager, supplied by the app (features do not import each other). */
  teamManager?: ComponentType<TeamsAreaProps>;
}

/** /register/{eventId}: the event and how to register for it (signed-in users only). */
export function RegisterPage({ teamManager }: RegisterPageProps) {
  const { eventId = '' } = useParams();
  return (
    <EventLoader eventId={eventId} notFound={<Navigate to={paths.home} replace />}>
      {(event) => <RegisterOverview event={event} teamManager={teamManager} />}
    </EventLoader>
  );
}

function RegisterOverview({ event, teamManager: TeamManager }: { event: FestEvent } & RegisterPageProps) {
  const { user } = useSession();
  const { opensAt, now } = useRegistrationClock();
  const gate = registrationGate(event, user, now, opensAt);
  const isTeamEvent = event.event_type === 'group';
  return (
    <div className="page page--narrow event-page enroll-page">
      <BackToEvents />
      <EventSummary event={event} />
      {isTeamEvent && gate !== 'open' && (
        <section className="panel" aria-label="Registration">
          <RegistrationNotice gate={gate} event={event} now={now} opensAt={opensAt} />
        </section>
      )}
      {isTeamEvent && TeamManager && (
        <TeamManager event={event} canRegister={user !== null && gate === 'open'} canQueue={user !== null && hasWaitlist(gate, event, now)} />
      )}
      {!isTeamEvent && (
        <section className="panel" aria-label="Registration">
          {/* The spec's words: only a solo event is registered for elsewhere; this page knows no other type. */}
          <p>{event.event_type === 'solo' ? 'This is a solo event. You can register directly from the events page.' : 'Event not found'}</p>
        </section>
      )}
    </div>
  );
}
