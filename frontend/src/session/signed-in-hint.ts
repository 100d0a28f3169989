/**
 * The server's `fest_signed_in` cookie: set beside the httpOnly session cookie at sign-in, cleared
 * with it at sign-out. It holds no secret; it only says whether asking the server for the user is
 * worth it, so a visitor's pages do not each log a refused session probe.
 */
const HINT_COOKIE = 'fest_signed_in';

export function hasSignedInHint(): boolean {
  return document.cookie.split(';').some((pair) => pair.trim().startsWith(`${HINT_COOKIE}=`));
}

/** After the server refused the session (ended elsewhere, expired), so the next page does not ask again. */
export function forgetSignedInHint(): void {
  document.cookie = `${HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}
