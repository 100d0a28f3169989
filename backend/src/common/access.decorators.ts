import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiCookieAuth, ApiSecurity } from '@nestjs/swagger';
import { ApiErrorResponse } from './api-envelope.js';
import type { Access } from './permissions.js';

export const ACCESS_KEY = 'access';
export const PUBLIC_KEY = 'public';
export const SESSION_COOKIE = 'fest_session';
export const SESSION_STRATEGY = 'session-cookie';
/** The API document's name for the session cookie's security scheme. */
export const SESSION_SCHEME = 'session';

/**
 * Open to visitors; a signed-in user is still recognised (documented as an optional session).
 * Routes are closed without it.
 */
export const Public = () => applyDecorators(SetMetadata(PUBLIC_KEY, true), ApiSecurity({}), ApiCookieAuth(SESSION_SCHEME));

/** `forbidden` documents the role check's 403; every role passes `signedIn`'s. */
function requires(access: Access, forbidden?: string) {
  return applyDecorators(
    SetMetadata(ACCESS_KEY, access),
    ApiCookieAuth(SESSION_SCHEME),
    ApiErrorResponse(401, 'Not signed in, or the session has ended.'),
    ...(forbidden ? [ApiErrorResponse(403, forbidden)] : []),
  );
}

/** The super admin only. */
export const SuperAdminOnly = () => requires('superAdmin', 'Super admin access is required.');
/** Club admins and the super admin; which club's objects they may touch is the owning service's rule (`administersClub`). */
export const AdminsOnly = () => requires('admin', 'Admin access is required.');
/** Students only: staff take no part in events (teams, invites). */
export const StudentsOnly = () => requires('students', 'Admin Account - Admins cannot register for events');
/** Any signed-in account (the default for a route without @Public). */
export const SignedIn = () => requires('signedIn');
