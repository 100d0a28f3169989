import { type ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Role } from '../database/schema/users.js';
import { ACCESS_KEY, PUBLIC_KEY, SESSION_COOKIE, SESSION_STRATEGY } from './access.decorators.js';
import { ACCESS, type Access } from './permissions.js';
import type { AuthenticatedRequest, SessionUser } from './session-user.js';

/** Each access class's refusal; a service that re-checks a role inside its transaction answers the same words. */
export const FORBIDDEN: Record<Access, string> = {
  signedIn: 'You are not allowed to do that.',
  students: 'Admin Account - Admins cannot register for events',
  admin: "You don't have permission to access this page. Admin access is required.",
  superAdmin: "You don't have permission to access this page. Super admin access is required.",
};

/**
 * The global guard: every route needs a session unless it is @Public, and a role when it says
 * so. Public routes still learn who is asking, so answers can show a student's own state.
 */
@Injectable()
export class SessionGuard extends AuthGuard(SESSION_STRATEGY) {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    // Visitors carry no session cookie: nothing for passport to look up (the home page's rush).
    if (request.cookies?.[SESSION_COOKIE] !== undefined) await super.canActivate(context);
    const user = request.user;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) return true;
    if (!user) throw new UnauthorizedException('Please sign in to continue.');
    const access = this.reflector.getAllAndOverride<Access>(ACCESS_KEY, targets) ?? 'signedIn';
    if (!(ACCESS[access] as readonly Role[]).includes(user.role)) throw new ForbiddenException(FORBIDDEN[access]);
    return true;
  }

  /** A missing or ended session is not an error here; the route's access rule decides. */
  override handleRequest<TUser = SessionUser>(error: unknown, user: TUser | false): TUser | undefined {
    if (error instanceof Error) throw error;
    if (error) throw new Error('The session lookup failed', { cause: error });
    return user || undefined;
  }
}
