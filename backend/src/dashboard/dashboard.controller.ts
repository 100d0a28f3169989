import { Controller, Get, Headers, Res } from '@nestjs/common';
import { ApiExtraModels, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { AdminsOnly } from '../common/access.decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import { CurrentUser, type SessionUser } from '../common/session-user.js';
import { sendSharedBody, type SharedBodyReply } from '../common/shared-body.js';
import { AdminEventSummaryResponse, ClubEventsResponse, ClubStatsResponse, DashboardStatsResponse, DayCountResponse } from './dashboard.response.js';
import { DashboardService } from './dashboard.service.js';

const NO_CLUB = { 403: 'A club admin without a club.' };
const LAST_UPDATED = { type: 'string', format: 'date-time', description: 'When the figures were read (they are shared for up to DASHBOARD_CACHE_MS)' } as const;
const summary = { $ref: getSchemaPath(AdminEventSummaryResponse) };
const count = { type: 'integer', minimum: 0 } as const;

/** The admins' dashboards (admin-side §2): the whole festival for the super admin, their own club for a club admin. */
@ApiTags('admin')
@ApiExtraModels(AdminEventSummaryResponse)
@AdminsOnly()
@Controller('admin/dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get('stats')
  @ApiOperation({
    summary: "The dashboard's cards",
    description:
      "The festival's for the super admin; a club admin's club's (account counts are the super admin's: 0 for a club admin). " +
      "`assignedEvent`: a club admin's assigned event, or their club's events when none is assigned; null for the super admin.",
  })
  @ApiEnvelope({
    description: 'The figures.',
    payload: {
      stats: DashboardStatsResponse,
      // OpenAPI 3.0's "this or null": `nullable` beside `allOf`.
      assignedEvent: { oneOf: [summary, { type: 'array', items: summary }, { type: 'object', nullable: true, enum: [null] }] },
      lastUpdated: LAST_UPDATED,
    },
    errors: NO_CLUB,
  })
  async stats(@CurrentUser() admin: SessionUser, @Headers('accept-encoding') accepts: string | undefined, @Res() reply: SharedBodyReply): Promise<void> {
    await sendSharedBody(reply, accepts, await this.dashboard.statsBody(admin));
  }

  @Get('events-registrations')
  @ApiOperation({
    summary: 'The events by club with their counts and latest registrations',
    description: "Every club's for the super admin, a club admin's own club's. Each event lists its latest 5 teams and registrations.",
  })
  @ApiEnvelope({
    description: 'Clubs A to Z.',
    payload: { clubs: [ClubEventsResponse], totalClubs: count, totalEvents: count, totalRegistrations: count, lastUpdated: LAST_UPDATED },
    errors: NO_CLUB,
  })
  async eventsRegistrations(
    @CurrentUser() admin: SessionUser,
    @Headers('accept-encoding') accepts: string | undefined,
    @Res() reply: SharedBodyReply,
  ): Promise<void> {
    await sendSharedBody(reply, accepts, await this.dashboard.eventsRegistrationsBody(admin));
  }

  @Get('club-stats')
  @ApiOperation({
    summary: "The charts' figures: each club's events, registrations and admins, and registrations per day",
    description: "Clubs by registrations, most first; days in the festival's time zone, oldest first. A club admin sees their own club.",
  })
  @ApiEnvelope({ description: 'The figures.', payload: { clubs: [ClubStatsResponse], registrationsByDay: [DayCountResponse] }, errors: NO_CLUB })
  async clubStats(@CurrentUser() admin: SessionUser, @Headers('accept-encoding') accepts: string | undefined, @Res() reply: SharedBodyReply): Promise<void> {
    await sendSharedBody(reply, accepts, await this.dashboard.clubStatsBody(admin));
  }
}
