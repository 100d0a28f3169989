import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router-dom';
import type { SessionUser } from '../../api/types';
import { PageHeader } from '../../components/PageHeader';
import { StatusPanel } from '../../components/StatusPanel';
import { paths } from '../../config/paths';
import { EventsOverview } from '../../features/events/EventsOverview';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSignedInUser } from '../../session/RequireAuth';

// Each dashboard shows who is signed in and the events they look after, from the public catalogue.

interface DashboardProps {
  title: string;
  user: SessionUser;
  eventsTitle: string;
  children: ReactNode;
}

interface DashboardLink {
  to: string;
  label: string;
  superAdminOnly?: boolean;
}

// The admin pages, in the order the work comes: events first, then people and the record.
const DASHBOARD_LINKS: DashboardLink[] = [
  { to: paths.createEvent, label: 'Create Event' },
  { to: paths.adminEvents, label: 'Manage Events' },
  { to: paths.adminScan, label: 'Scan Tickets' },
  { to: paths.adminInvite, label: 'Invite Admin', superAdminOnly: true },
  { to: paths.adminClubs, label: 'View All Clubs', superAdminOnly: true },
  { to: paths.adminAudit, label: 'Audit trail', superAdminOnly: true },
];

function DashboardLinks({ user }: { user: SessionUser }) {
  const links = DASHBOARD_LINKS.filter(({ superAdminOnly }) => user.isSuperAdmin || !superAdminOnly);
  return (
    <nav className="dashboard-links" aria-label="Admin pages">
      <ul>
        {links.map(({ to, label }) => (
          <li key={to}>
            <Link to={to} className="button button--ghost">
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Dashboard({ title, user, eventsTitle, children }: DashboardProps) {
  useDocumentTitle(title);
  return (
    <div className="page">
      <PageHeader eyebrow={user.isSuperAdmin ? 'Super Admin' : 'Admin'} title={title}>
        Signed in as <strong>{user.name}</strong>
        {user.club && (
          <>
            {' '}
            · <strong>{user.club}</strong>
          </>
        )}
      </PageHeader>
      <DashboardLinks user={user} />
      <section aria-labelledby="dashboard-events">
        <h2 id="dashboard-events" className="page-subtitle">
          {eventsTitle}
        </h2>
        {children}
      </section>
    </div>
  );
}

export function AdminDashboardPage() {
  const user = useSignedInUser();
  if (user.isSuperAdmin) return <Navigate to={paths.superAdminDashboard} replace />;
  return (
    <Dashboard title="Admin Dashboard" user={user} eventsTitle="Your club's events">
      {user.club ? (
        <EventsOverview club={user.club} />
      ) : (
        <StatusPanel title="No club assigned" headingLevel={3}>
          <p>Your account is not linked to a club yet, so there are no events to show.</p>
        </StatusPanel>
      )}
    </Dashboard>
  );
}

export function SuperAdminDashboardPage() {
  const user = useSignedInUser();
  return (
    <Dashboard title="Super Admin Dashboard" user={user} eventsTitle="All events">
      <EventsOverview />
    </Dashboard>
  );
}
