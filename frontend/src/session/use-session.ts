import { useSelector } from 'react-redux';
import { useLoadUserQuery } from './session-api';
import { selectCanEnroll, selectSession } from './session-slice';

export function useSession() {
  const session = useSelector(selectSession);
  const canEnroll = useSelector(selectCanEnroll);
  return { ...session, canEnroll };
}

/** Loads the signed-in user once the app starts; the session slice follows the answers. */
export function useLoadSession(): void {
  useLoadUserQuery();
}
