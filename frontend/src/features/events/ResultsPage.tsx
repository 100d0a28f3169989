import { useParams } from 'react-router-dom';
import { isApiError } from '../../api/base-api';
import { useGetResultsQuery } from '../../api/results-api';
import type { FestEvent } from '../../api/types';
import { Link } from '../../components/Link';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { StatusPanel } from '../../components/StatusPanel';
import { WinnerPlaces } from '../../components/WinnerPlaces';
import { eventPath } from '../../config/paths';
import { formatDateTime } from '../../lib/dates';
import { clubName } from './event-rules';
import { BackToEvents, EventLoader } from './EventLoader';
import './results-page.css';

/** /events/{eventId}/results: an event's confirmed winners, for everyone. */
export function ResultsPage() {
  const { eventId = '' } = useParams();
  return (
    <EventLoader
      eventId={eventId}
      notFound={
        <div className="page page--narrow">
          <StatusPanel title="Event not found" headingLevel={1} actions={<BackToEvents />}>
            <p>This event does not exist or is no longer listed.</p>
          </StatusPanel>
        </div>
      }
    >
      {(event) => <EventResults event={event} />}
    </EventLoader>
  );
}

function EventResults({ event }: { event: FestEvent }) {
  const { data: results, error, isFetching, refetch } = useGetResultsQuery(event._id);
  const backToEvent = (
    <Link to={eventPath(event._id, event.name)} className="button button--ghost">
      ← Back to the event
    </Link>
  );
  // The event exists (it was just loaded), so a 404 here means its winners are not confirmed yet.
  if (isApiError(error) && error.status === 404) {
    return (
      <div className="page page--narrow">
        <StatusPanel title="Results not announced yet" headingLevel={1} actions={backToEvent}>
          <p>The winners of {event.name} will appear here once its club confirms them.</p>
        </StatusPanel>
      </div>
    );
  }
  if (error) {
    return (
      <div className="page page--narrow">
        <LoadError
          title="Failed to load the results"
          headingLevel={1}
          error={error}
          retrying={isFetching}
          onRetry={() => void refetch()}
          otherAction={backToEvent}
        />
      </div>
    );
  }
  if (!results) {
    return (
      <div className="page page--narrow">
        <Spinner label="Loading the results…" page />
      </div>
    );
  }
  return (
    <div className="page page--narrow results-page">
      {backToEvent}
      <PageHeader eyebrow={`Results · ${clubName(event)}`} title={event.name}>
        Winners confirmed on {formatDateTime(results.confirmedAt)}.
      </PageHeader>
      <WinnerPlaces winners={results.winners} label={`Winners of ${event.name}`} />
    </div>
  );
}
