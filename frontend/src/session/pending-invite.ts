import { invitePath } from '../config/paths';

/**
 * A team invite opened while signed out. The token is kept in localStorage, not in the sign-in
 * page's history state, since signing up first means verifying the e-mail, whose link opens a new
 * tab: the first sign-in afterwards still leads back to the invite.
 */
const PENDING_INVITE_KEY = 'pendingInviteToken';

export function keepPendingInvite(token: string): void {
  try {
    localStorage.setItem(PENDING_INVITE_KEY, token);
  } catch {
    // Storage refused (private mode, full): the sign-in page's return address still leads back.
  }
}

/** Once the invite page shows the invite to a signed-in student. */
export function forgetPendingInvite(): void {
  try {
    localStorage.removeItem(PENDING_INVITE_KEY);
  } catch {
    // Nothing was kept.
  }
}

/** Where sign-in should lead when nothing else asked: the kept invite, if any. */
export function pendingInvitePath(): string | null {
  try {
    const token = localStorage.getItem(PENDING_INVITE_KEY);
    return token ? invitePath(token) : null;
  } catch {
    return null;
  }
}
