import type { ComponentType } from 'react';
import { Navigate } from 'react-router-dom';
import type { ClubStats, DashboardOverview, DetailedEvent, EventsRegistrations, SessionUser } from '../../api/types';
import { Link } from '../../components/Link';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { QueryView } from '../../components/QueryView';
import { Spinner } from '../../components/Spinner';
import { StatusPanel } from '../../components/StatusPanel';
import { paths } from '../../config/paths';
import type { QueryState } from '../../lib/query-state';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSignedInUser } from '../../session/RequireAuth';
import { EventFillFigure, RegistrationsByDayFigure } from './ChartFigure';
import { useClubStats, useDashboardStats, useEventsRegistrations } from './dashboard-api';
import { DashboardTotals } from './DashboardTotals';
import { EventFigures } from './EventFigures';
import '../../components/panel.css';
import '../../components/admin.css';
import './dashboard.css';

/** One event's event-day panel (attendance and winners), which the page shows under its figures. */
type EventDay = ComponentType<{ eventId: string }>;

/**
 * /admin/dashboard: a club admin's events; the super admin has a dashboard of their own, students
 * none (admin-side §2). The event day's panel comes from its own feature (app/routes composes them).
 */
export function AdminDashboardPage({ eventDay }: { eventDay: EventDay }) {
  const user = useSignedInUser();
  if (user.isSuperAdmin) return <Navigate to={paths.superAdminDashboard} replace />;
  if (!user.isAdmin) return <Navigate to={paths.home} replace />;
  return <ClubAdminDashboard user={user} eventDay={eventDay} />;
}

function ClubAdminDashboard({ user, eventDay }: { user: SessionUser; eventDay: EventDay }) {
  useDocumentTitle('Admin Dashboard');
  return (
    <div className="page admin-page dashboard">
      <PageHeader eyebrow={user.club ?? 'Admin'} title="Admin Dashboard">
        Manage your registrations
      </PageHeader>
      <nav aria-label="Admin pages">
        <ul className="quick-actions">
          <li>
            <Link to={paths.createEvent} className="button button--ghost">
              Create Event
            </Link>
          </li>
          <li>
            <Link to={paths.adminEvents} className="button button--ghost">
              Manage Events
            </Link>
          </li>
          <li>
            <Link to={paths.adminScan} className="button button--ghost">
              Scan Tickets
            </Link>
          </li>
        </ul>
      </nav>
      {user.club ? (
        <ClubAnalytics club={user.club} eventDay={eventDay} />
      ) : (
        // The server refuses a club admin's figures without a club: say why instead of an error.
        <StatusPanel title="No club assigned">
          <p>Your account is not linked to a club yet, so there are no events to show.</p>
        </StatusPanel>
      )}
    </div>
  );
}

/**
 * The club's events, the one the admin's invitation named first: a club admin runs every event of
 * their club (the server lets them mark its attendance and winners), and starts with their own.
 * Without the stats (they failed) the club's events keep the server's order.
 */
function clubEventsAssignedFirst(overview: DashboardOverview | undefined, details: EventsRegistrations): DetailedEvent[] {
  const events = details.clubs.flatMap((club) => club.events);
  const assigned = overview?.assignedEvent ?? [];
  const ids = new Set((Array.isArray(assigned) ? assigned : [assigned]).map((event) => event._id));
  return [...events.filter((event) => ids.has(event._id)), ...events.filter((event) => !ids.has(event._id))];
}

const DASHBOARD_FAILED = 'Failed to load dashboard data';
const DASHBOARD_LOADING = 'Loading the dashboard…';

/**
 * Only the events' list is waited on: on the event day the attendance panels must come up even if
 * the stats or the chart's figures fail, so those fail inside their own section. The stats say
 * which event is the admin's own, so the list waits for them to answer or fail, not to reorder
 * itself under the admin's hands.
 */
function ClubAnalytics({ club, eventDay }: { club: string; eventDay: EventDay }) {
  const stats = useDashboardStats();
  const details = useEventsRegistrations(true);
  const clubStats = useClubStats();
  return (
    <QueryView query={details} errorTitle={DASHBOARD_FAILED} loadingLabel={DASHBOARD_LOADING}>
      {(data) =>
        stats.data || stats.error ? (
          <ClubEvents club={club} details={data} stats={stats} clubStats={clubStats} eventDay={eventDay} />
        ) : (
          <Spinner label={DASHBOARD_LOADING} />
        )
      }
    </QueryView>
  );
}

interface ClubEventsProps {
  club: string;
  details: EventsRegistrations;
  stats: QueryState<DashboardOverview>;
  clubStats: QueryState<ClubStats>;
  eventDay: EventDay;
}

function ClubEvents({ club, details, stats, clubStats, eventDay: EventDayPanel }: ClubEventsProps) {
  const events = clubEventsAssignedFirst(stats.data, details);
  if (events.length === 0) {
    return (
      <StatusPanel
        title="No events found"
        actions={
          <Link to={paths.createEvent} className="button button--primary">
            Create Event
          </Link>
        }
      >
        <p>Create your first event to see detailed analytics</p>
      </StatusPanel>
    );
  }
  return (
    <>
      <section className="dashboard-section" aria-labelledby="event-analytics">
        <h2 id="event-analytics" className="dashboard-section__title">
          Event analytics
        </h2>
        {stats.error !== undefined && (
          <LoadError title={DASHBOARD_FAILED} headingLevel={3} error={stats.error} retrying={stats.isFetching} onRetry={() => void stats.refetch()} />
        )}
        <DashboardTotals
          lastUpdated={details.lastUpdated}
          totals={[
            ['Club', club],
            ['Events', events.length],
            ['Registrations', events.reduce((sum, event) => sum + event.participants, 0)],
          ]}
        />
        <ul className="analytics-events" aria-label="Your events">
          {events.map((event) => (
            <li key={event._id} className="panel">
              <EventFigures event={event} headingLevel={3} />
            </li>
          ))}
        </ul>
        <QueryView query={clubStats} errorTitle={DASHBOARD_FAILED} loadingLabel="Loading the registrations per day…" headingLevel={3}>
          {({ registrationsByDay }) => <RegistrationsByDayFigure days={registrationsByDay} scope={club} />}
        </QueryView>
        {/* One event's fill is already in its figures; a chart compares several. */}
        {events.length > 1 && <EventFillFigure events={events} />}
      </section>
      <section className="dashboard-section" aria-labelledby="event-day">
        <h2 id="event-day" className="dashboard-section__title">
          Event day
        </h2>
        {events.map((event) => (
          <EventDayPanel key={event._id} eventId={event._id} />
        ))}
      </section>
    </>
  );
}
