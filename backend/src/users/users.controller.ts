import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { SignedIn, SuperAdminOnly } from '../common/access.decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import type { SuccessEnvelope } from '../common/envelope.js';
import { CurrentUser, type SessionUser } from '../common/session-user.js';
import { RateLimit } from '../throttling/rate-limit.decorator.js';
import { toUserResponse, UserResponse, UserSearchResult } from './user.response.js';
import { UserSearchQuery } from './users.dto.js';
import { UsersService } from './users.service.js';

@ApiTags('users')
@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get('users/search')
  @SignedIn()
  @RateLimit('searchByAccount', 'searchByAccountHourly')
  @ApiOperation({
    summary: 'Find verified students by name or e-mail to invite to a team',
    description: "Any signed-in account. With `eventId`, only students the event's same-gender rule allows; never the one asking.",
  })
  @ApiEnvelope({ description: 'The students found.', payload: { users: [UserSearchResult] }, errors: { 404: 'Event not found' } })
  async search(@CurrentUser() user: SessionUser, @Query() query: UserSearchQuery): Promise<SuccessEnvelope<{ users: UserSearchResult[] }>> {
    return { success: true, users: await this.users.search(user, query.q, query.eventId || undefined) };
  }

  @Get('user/all')
  @SuperAdminOnly()
  @ApiOperation({ summary: 'Every account (super admin)', description: 'Every account of every role, without password material.' })
  @ApiEnvelope({ description: 'The accounts.', payload: { users: [UserResponse] } })
  async all(): Promise<SuccessEnvelope<{ users: UserResponse[] }>> {
    return { success: true, users: (await this.users.listAll()).map(toUserResponse) };
  }
}
