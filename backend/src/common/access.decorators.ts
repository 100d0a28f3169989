import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiCookieAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Access } from './permissions.js';

export const ACCESS_KEY = 'access';
export const PUBLIC_KEY = 'public';
export const SESSION_COOKIE = 'fest_session';
export const SESSION_STRATEGY = 'session-cookie';

/** Open to visitors; a signed-in user is still recognised. Routes are closed without it. */
export const Public = () => SetMetadata(PUBLIC_KEY, true);

function requires(access: Access, forbidden: string) {
  return applyDecorators(
    SetMetadata(ACCESS_KEY, access),
    ApiCookieAuth(SESSION_COOKIE),
    ApiUnauthorizedResponse({ description: 'Not signed in' }),
    ApiForbiddenResponse({ description: forbidden }),
  );
}

/** Club admins and the super admin. */
export const AdminOnly = () => requires('admin', 'Admin access is required.');
/** The super admin only. */
export const SuperAdminOnly = () => requires('superadmin', 'Super admin access is required.');
/** Any signed-in account (the default for a route without @Public). */
export const SignedIn = () => requires('signedIn', 'Not allowed');
