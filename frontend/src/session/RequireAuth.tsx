import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import type { SessionUser } from '../api/types';
import { Spinner } from '../components/Spinner';
import { StatusPanel } from '../components/StatusPanel';
import { paths, returnTo } from '../config/paths';
import { useDocumentTitle } from '../lib/use-document-title';
import { useGoBack } from '../lib/use-go-back';
import { useSession } from './use-session';

type Access = 'signedIn' | 'student' | 'admin' | 'superAdmin';

const requirements: Record<Exclude<Access, 'signedIn'>, { allows: (user: SessionUser) => boolean; text: string }> = {
  student: { allows: (user) => !user.isAdmin && !user.isSuperAdmin, text: 'It is for students: staff accounts take part in no events.' },
  admin: { allows: (user) => user.isAdmin, text: 'Admin access is required.' },
  superAdmin: { allows: (user) => user.isSuperAdmin, text: 'Super admin access is required.' },
};

/**
 * The route guard: its child routes show only to a signed-in user with the access asked for.
 * A visitor goes to sign-in, which brings them back here afterwards; a user who signs out here
 * goes home, as signing out does everywhere (the session ends before the sign-out's own move
 * home is rendered, so the guard sees it first).
 */
export function RequireAuth({
  access = 'signedIn',
  deniedText,
}: {
  access?: Access;
  /** A screen's own refusal, where its spec words one. */ deniedText?: string;
}) {
  const { user, isLoading } = useSession();
  const location = useLocation();
  const wasSignedIn = useRef(false);
  useEffect(() => {
    if (user) wasSignedIn.current = true;
  }, [user]);
  if (isLoading) return <Spinner label="Checking your sign-in…" page />;
  if (!user && wasSignedIn.current) return <Navigate to={paths.home} replace />;
  if (!user) return <Navigate to={paths.signIn} replace state={returnTo(location)} />;
  if (access !== 'signedIn' && !requirements[access].allows(user)) {
    return <AccessDenied text={deniedText ?? `You don't have permission to access this page. ${requirements[access].text}`} />;
  }
  return <Outlet />;
}

function AccessDenied({ text }: { text: string }) {
  useDocumentTitle('Access Denied');
  const goBack = useGoBack(paths.home);
  return (
    <div className="page page--narrow">
      <StatusPanel
        title="Access Denied"
        tone="error"
        headingLevel={1}
        actions={
          <button type="button" className="button button--primary" onClick={goBack}>
            Go Back
          </button>
        }
      >
        <p>{text}</p>
      </StatusPanel>
    </div>
  );
}

/** The user of a page behind this guard, which renders it only once they are signed in. */
export function useSignedInUser(): SessionUser {
  const { user } = useSession();
  if (!user) throw new Error('Rendered outside the route guard.');
  return user;
}
