import { Suspense } from 'react';
import { lazyComponent } from '../../lib/lazy-component';
import { useSession } from '../../session/use-session';

// The bell, its polling and its API slice load once a student is signed in: a visitor's first
// page (the home page's script budget) carries none of it.
const Bell = lazyComponent(async () => (await import('./Bell')).Bell);

/** The navigation bar's bell for signed-in students: unread invites, and their list on demand. */
export function NotificationBell() {
  const { user } = useSession();
  if (!user || user.isAdmin) return null;
  return (
    <Suspense fallback={null}>
      <Bell />
    </Suspense>
  );
}
