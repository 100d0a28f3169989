import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { UserRow } from '../database/schema/users.js';

/** Who is asking, as the session guard found them: the account without its password, and the session. */
export type SessionUser = Omit<UserRow, 'passwordHash' | 'updatedAt'> & { sessionId: string };

export type AuthenticatedRequest = Request & { user?: SessionUser };

/** The signed-in user; on a public route, undefined for a visitor. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext) => {
  return context.switchToHttp().getRequest<AuthenticatedRequest>().user;
});
