import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { StatusPanel } from '../../components/StatusPanel';
import { paths } from '../../config/paths';
import { EventsOverview } from '../../features/events/EventsOverview';
import type { SessionUser } from '../../api/types';
import { useSession } from '../../session/use-session';
import { useDocumentTitle } from '../../lib/use-document-title';

// Each dashboard shows who is signed in and the events they look after, from the public catalogue.

interface DashboardProps {
  title: string;
  user: SessionUser;
  eventsTitle: string;
  children: ReactNode;
}

function Dashboard({ title, user, eventsTitle, children }: DashboardProps) {
  useDocumentTitle(title);
  return (
    <div className="page">
      <header className="section__header">
        <p className="section__eyebrow">{user.isSuperAdmin ? 'Super Admin' : 'Admin'}</p>
        <h1 className="page-title">{title}</h1>
        <p className="section__lead">
          Signed in as <strong>{user.name}</strong>
          {user.club && (
            <>
              {' '}
              · <strong>{user.club}</strong>
            </>
          )}
        </p>
      </header>
      <section aria-labelledby="dashboard-events">
        <h2 id="dashboard-events" className="page-subtitle">
          {eventsTitle}
        </h2>
        {children}
      </section>
    </div>
  );
}

/** Behind the admin guard, so the user is there. */
function useSignedInUser(): SessionUser {
  return useSession().user!;
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
