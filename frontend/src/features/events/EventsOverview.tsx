import type { FestEvent } from '../../api/types';
import { Link } from '../../components/Link';
import { SeatBar } from '../../components/SeatBar';
import { Spinner } from '../../components/Spinner';
import { StatusPanel } from '../../components/StatusPanel';
import { TypeBadge } from '../../components/TypeBadge';
import { eventPath } from '../../config/paths';
import { formatDate } from '../../lib/dates';
import { cardDate, clubName } from './event-rules';
import { useGetEventsQuery } from './events-api';
import { EventsLoadError } from './EventsLoadError';
import './events.css';

interface EventsOverviewProps {
  /** Only this club's events; undefined lists every event. */
  club?: string;
}

/** A dashboard's compact list of events from the public catalogue. */
export function EventsOverview({ club }: EventsOverviewProps) {
  const { data: events, error, isFetching, refetch } = useGetEventsQuery();
  if (error) return <EventsLoadError error={error} retrying={isFetching} onRetry={() => void refetch()} />;
  if (!events) return <Spinner label="Loading events…" />;
  const shown = club === undefined ? events : events.filter((event) => clubName(event) === club);
  if (shown.length === 0) {
    return (
      <StatusPanel title="No events found" headingLevel={3}>
        {club !== undefined && <p>This club hasn&apos;t created any events yet</p>}
      </StatusPanel>
    );
  }
  return (
    <ul className="overview-list">
      {shown.map((event) => (
        <OverviewRow key={event._id} event={event} />
      ))}
    </ul>
  );
}

function OverviewRow({ event }: { event: FestEvent }) {
  const date = cardDate(event);
  return (
    <li className="overview-list__item">
      <div className="overview-list__main">
        <Link to={eventPath(event._id, event.name)} className="overview-list__name">
          {event.name}
        </Link>
        <span className="overview-list__meta">
          {clubName(event)} · <time dateTime={date}>{formatDate(date)}</time>
        </span>
      </div>
      <TypeBadge type={event.event_type} />
      <div className="overview-list__seats">
        <SeatBar taken={event.actualSeatsTaken} capacity={event.maxApplications} />
      </div>
    </li>
  );
}
