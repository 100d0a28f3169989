import { useSelector } from 'react-redux';
import type { SessionUser } from '../api/types';
import { useLoadUserQuery } from './session-api';
import { selectCanEnroll, selectSession } from './session-slice';
import { hasSignedInHint } from './signed-in-hint';

export function useSession() {
  const session = useSelector(selectSession);
  const canEnroll = useSelector(selectCanEnroll);
  return { ...session, canEnroll };
}

/** The user of a page behind the route guard (`RequireAuth`), which renders it only once they are signed in. */
export function useSignedInUser(): SessionUser {
  const { user } = useSelector(selectSession);
  if (!user) throw new Error('This page renders only behind the route guard, for a signed-in user.');
  return user;
}

/**
 * Loads the signed-in user once the app starts, when the signed-in hint says there may be one, and
 * after every sign-in; the session slice follows the answers.
 */
export function useLoadSession(): void {
  const { isAuthenticated } = useSelector(selectSession);
  useLoadUserQuery(undefined, { skip: !isAuthenticated && !hasSignedInHint() });
}
