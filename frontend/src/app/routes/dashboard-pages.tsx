import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { SessionUser } from '../../api/types';
import { PageHeader } from '../../components/PageHeader';
import { StatusPanel } from '../../components/StatusPanel';
import { paths } from '../../config/paths';
import { EventsOverview } from '../../features/events/EventsOverview';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSession } from '../../session/use-session';

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
      <PageHeader eyebrow={user.isSuperAdmin ? 'Super Admin' : 'Admin'} title={title}>
        Signed in as <strong>{user.name}</strong>
        {user.club && (
          <>
            {' '}
            · <strong>{user.club}</strong>
          </>
        )}
      </PageHeader>
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
  const { user } = useSession();
  if (!user) throw new Error('The dashboard renders only behind the admin guard, for a signed-in user.');
  return user;
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
