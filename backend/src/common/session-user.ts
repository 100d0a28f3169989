import type { IncomingHttpHeaders } from 'node:http';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { UserRow } from '../database/schema/users.js';

/** Who is asking, as the session guard found them: the account without its password, and the session. */
export type SessionUser = Omit<UserRow, 'passwordHash' | 'updatedAt'> & { sessionId: string };

/** What the guards read of a request, whatever the HTTP framework: the session guard sets `user`. */
export interface AuthenticatedRequest {
  headers: IncomingHttpHeaders;
  /** The client's address, through the trusted proxies. */
  ip: string;
  body?: unknown;
  cookies?: Record<string, string | undefined>;
  user?: SessionUser;
}

/** The signed-in user; on a public route, undefined for a visitor. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext) => {
  return context.switchToHttp().getRequest<AuthenticatedRequest>().user;
});
