import { Suspense } from 'react';
import { lazyComponent } from '../../components/lazy-component';
import { useSession } from '../../session/use-session';

// The bell, its polling and its API slice load once a student is signed in: a visitor's first
// page (the home page's script budget) carries none of it.
const Bell = lazyComponent(async () => (await import('./Bell')).Bell, BellLoadFailed);

/** The navigation bar's bell for signed-in students: what is unread, and its list on demand. */
export function NotificationBell() {
  const { user } = useSession();
  if (!user || user.isAdmin) return null;
  return (
    <Suspense fallback={null}>
      <Bell userId={user._id} />
    </Suspense>
  );
}

const BELL_FAILED = 'Notifications could not be loaded. Try Again';

/** The bell's code did not arrive: in its place, a button of its size that fetches it again (the bar has no room for words). */
function BellLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <span role="alert">
      <button type="button" className="icon-button" title={BELL_FAILED} onClick={onRetry}>
        <span aria-hidden="true">↻</span>
        <span className="visually-hidden">{BELL_FAILED}</span>
      </button>
    </span>
  );
}
