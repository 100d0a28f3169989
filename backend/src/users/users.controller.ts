import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SignedIn, SuperAdminOnly } from '../common/access.decorators.js';
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
  @ApiOperation({ summary: 'Find verified students by name or e-mail to invite to a team' })
  @ApiOkResponse({ type: [UserSearchResult] })
  async search(@CurrentUser() user: SessionUser, @Query() query: UserSearchQuery) {
    return { success: true, users: await this.users.search(user, query.q, query.eventId || undefined) };
  }

  @Get('user/all')
  @SuperAdminOnly()
  @ApiOperation({ summary: 'Every account (super admin)' })
  @ApiOkResponse({ type: [UserResponse] })
  async all() {
    return { success: true, users: (await this.users.listAll()).map(toUserResponse) };
  }
}
