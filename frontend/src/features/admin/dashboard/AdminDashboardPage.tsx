import { Navigate } from 'react-router-dom';
import type { DashboardOverview, DetailedEvent, EventsRegistrations, SessionUser } from '../../../api/types';
import { Fact } from '../../../components/Fact';
import { Link } from '../../../components/Link';
import { PageHeader } from '../../../components/PageHeader';
import { StatusPanel } from '../../../components/StatusPanel';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSignedInUser } from '../../../session/RequireAuth';
import { useClubStats, useDashboardStats, useEventsRegistrations } from '../dashboard-api';
import { EventDayPanel } from '../event-day/EventDayPanel';
import { EventFillFigure, RegistrationsByDayFigure } from './ChartFigure';
import { dashboardWait } from './dashboard-state';
import { EventFigures } from './EventFigures';
import '../../../components/panel.css';
import '../admin.css';
import './dashboard.css';

/** /admin/dashboard: a club admin's events; the super admin has a dashboard of their own, students none (admin-side §2). */
export function AdminDashboardPage() {
  const user = useSignedInUser();
  if (user.isSuperAdmin) return <Navigate to={paths.superAdminDashboard} replace />;
  if (!user.isAdmin) return <Navigate to={paths.home} replace />;
  return <ClubAdminDashboard user={user} />;
}

function ClubAdminDashboard({ user }: { user: SessionUser }) {
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
        <ClubAnalytics />
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
 */
function clubEventsAssignedFirst(overview: DashboardOverview, details: EventsRegistrations): DetailedEvent[] {
  const assigned = overview.assignedEvent ?? [];
  const ids = new Set((Array.isArray(assigned) ? assigned : [assigned]).map((event) => event._id));
  const events = details.clubs.flatMap((club) => club.events);
  return [...events.filter((event) => ids.has(event._id)), ...events.filter((event) => !ids.has(event._id))];
}

function ClubAnalytics() {
  const stats = useDashboardStats();
  const details = useEventsRegistrations(true);
  const clubStats = useClubStats();
  const wait = dashboardWait([stats, details, clubStats]);
  if (wait || !stats.data || !details.data || !clubStats.data) return wait;
  const events = clubEventsAssignedFirst(stats.data, details.data);
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
  const club = stats.data.stats.clubName ?? '';
  return (
    <>
      <section className="dashboard-section" aria-labelledby="event-analytics">
        <h2 id="event-analytics" className="dashboard-section__title">
          Event analytics
        </h2>
        <p className="panel__hint">Last updated {formatDateTime(details.data.lastUpdated)}</p>
        <dl className="facts dashboard-totals">
          <Fact label="Club">{club}</Fact>
          <Fact label="Events">{events.length}</Fact>
          <Fact label="Registrations">{events.reduce((sum, event) => sum + event.participants, 0)}</Fact>
        </dl>
        <ul className="analytics-events" aria-label="Your events">
          {events.map((event) => (
            <li key={event._id} className="panel">
              <EventFigures event={event} headingLevel={3} />
            </li>
          ))}
        </ul>
        <RegistrationsByDayFigure days={clubStats.data.registrationsByDay} scope={club} />
        {/* One event's fill is already in its figures; a chart compares several. */}
        {events.length > 1 && <EventFillFigure events={events} />}
      </section>
      {events.map((event) => (
        <EventDayPanel key={event._id} eventId={event._id} />
      ))}
    </>
  );
}
