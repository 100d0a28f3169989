import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { SignedIn } from '../common/access.decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import type { SuccessEnvelope } from '../common/envelope.js';
import { CurrentUser, type SessionUser } from '../common/session-user.js';
import { RateLimit } from '../throttling/rate-limit.decorator.js';
import { MemberSearchQuery } from './member-search.dto.js';
import { MemberSearchResult } from './member-search.response.js';
import { MemberSearchService } from './member-search.service.js';

@ApiTags('users')
@Controller()
export class MemberSearchController {
  constructor(private readonly members: MemberSearchService) {}

  @Get('users/search')
  @SignedIn()
  @RateLimit('searchByAccount', 'searchByAccountHourly')
  @ApiOperation({
    summary: 'Find verified students by name or e-mail to invite to a team',
    description: "Any signed-in account. With `eventId`, only students the event's same-gender rule allows; never the one asking.",
  })
  @ApiEnvelope({ description: 'The students found.', payload: { users: [MemberSearchResult] }, errors: { 404: 'Event not found' } })
  async search(@CurrentUser() user: SessionUser, @Query() query: MemberSearchQuery): Promise<SuccessEnvelope<{ users: MemberSearchResult[] }>> {
    return { success: true, users: await this.members.search(user, query.q, query.eventId || undefined) };
  }
}
