import { Navigate, useParams } from 'react-router-dom';
import type { FestEvent } from '../../api/types';
import { paths } from '../../config/paths';
import { BackToEvents, EventLoader } from './EventLoader';
import { EventSummary, TeamRegistrationNote } from './EventSummary';
import '../../components/panel.css';

/** /register/{eventId}: the event and how to register for it (signed-in users only). */
export function RegisterPage() {
  const { eventId = '' } = useParams();
  return (
    <EventLoader eventId={eventId} notFound={<Navigate to={paths.home} replace />}>
      {(event) => <RegisterOverview event={event} />}
    </EventLoader>
  );
}

function RegisterOverview({ event }: { event: FestEvent }) {
  return (
    <div className="page page--narrow event-page enroll-page">
      <BackToEvents />
      <EventSummary event={event} />
      <section className="panel" aria-label="Registration">
        {event.event_type === 'group' ? <TeamRegistrationNote event={event} /> : <p>This is a solo event. You can register directly from the events page.</p>}
      </section>
    </div>
  );
}
