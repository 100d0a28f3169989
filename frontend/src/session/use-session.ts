import { useSelector } from 'react-redux';
import { useLoadUserQuery } from './session-api';
import { selectCanEnroll, selectSession } from './session-slice';
import { hasSignedInHint } from './signed-in-hint';

export function useSession() {
  const session = useSelector(selectSession);
  const canEnroll = useSelector(selectCanEnroll);
  return { ...session, canEnroll };
}

/**
 * Loads the signed-in user once the app starts, when the signed-in hint says there may be one, and
 * after every sign-in; the session slice follows the answers.
 */
export function useLoadSession(): void {
  const { isAuthenticated } = useSelector(selectSession);
  useLoadUserQuery(undefined, { skip: !isAuthenticated && !hasSignedInHint() });
}
