import { Suspense } from 'react';
import { lazyComponent } from '../../components/lazy-component';
import { Link } from '../../components/Link';
import { paths } from '../../config/paths';
import { useSession } from '../../session/use-session';
import './account-nav.css';

/**
 * The user menu, fetched once someone may be signed in (the session is loading or known), so a
 * visitor's home page does not carry it; it arrives while the user loads.
 */
const UserMenu = lazyComponent(async () => (await import('./UserMenu')).UserMenu);

/** The navigation bar's account area: a placeholder while loading, sign-in links, or the user menu. */
export function AccountNav() {
  const { user, isLoading } = useSession();
  if (isLoading) {
    UserMenu.preload();
    return <AccountSkeleton />;
  }
  if (!user) return <SignedOutLinks />;
  return (
    <Suspense fallback={<AccountSkeleton />}>
      <UserMenu user={user} />
    </Suspense>
  );
}

function AccountSkeleton() {
  return (
    <div className="account-skeleton" aria-busy="true">
      <span className="visually-hidden" role="status">
        Loading your account…
      </span>
      <span className="skeleton account-skeleton__avatar" aria-hidden="true" />
      <span className="skeleton account-skeleton__line" aria-hidden="true" />
    </div>
  );
}

function SignedOutLinks() {
  return (
    <div className="account-links">
      <Link to={paths.signIn} className="nav__link">
        Sign In
      </Link>
      <Link to={paths.signUp} className="button button--primary button--small">
        Sign Up
      </Link>
    </div>
  );
}
