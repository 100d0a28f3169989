import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { AdminsOnly } from '../common/access.decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import type { SuccessEnvelope } from '../common/envelope.js';
import { CurrentUser, type SessionUser } from '../common/session-user.js';
import { uuid } from '../common/uuid-param.js';
import { DoorScansDto, MAX_SCANS_PER_SYNC } from './door.dto.js';
import { DoorRosterResponse, DoorScanResultResponse } from './door.response.js';
import { DoorService } from './door.service.js';

const OWN_CLUB_ERRORS = { 403: "Another club's event.", 404: 'Event not found' };

/** The door that works without the network: the event's list of tickets, and the scans it recorded. */
@ApiTags('admin')
@AdminsOnly()
@Controller('admin/events/:id')
export class DoorController {
  constructor(private readonly door: DoorService) {}

  @Get('door-roster')
  @ApiOperation({
    summary: "The door's list of the event's tickets",
    description:
      'Every ticket still holding its seat, with its holders, their approval and their check-in: what a door keeps to check tickets in without the network.',
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiEnvelope({
    description: 'The list.',
    payload: { roster: DoorRosterResponse },
    errors: { 400: 'Invalid event id.', ...OWN_CLUB_ERRORS, 409: "The event belongs to a closed edition's festival." },
  })
  async roster(@CurrentUser() admin: SessionUser, @Param('id', uuid('event')) id: string): Promise<SuccessEnvelope<{ roster: DoorRosterResponse }>> {
    return { success: true, roster: await this.door.roster(admin, id) };
  }

  @Post('door-scans')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Send the scans a door recorded',
    description: `Up to ${MAX_SCANS_PER_SYNC} scans, applied in the order they were scanned whichever door sends first: the first scan of a ticket lets its holders in, a later one finds them in. A scan already sent (the same id) changes nothing and is answered as it stands.`,
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiEnvelope({
    description: "Each scan's outcome, in the order sent.",
    payload: { scans: [DoorScanResultResponse] },
    errors: {
      400: 'A scan breaks its rule (named in the message).',
      ...OWN_CLUB_ERRORS,
      409: "The event belongs to a closed edition's festival. / A scan of this sync was sent for another event. / This sync was sent twice at once.",
    },
  })
  async sync(
    @CurrentUser() admin: SessionUser,
    @Param('id', uuid('event')) id: string,
    @Body() body: DoorScansDto,
  ): Promise<SuccessEnvelope<{ scans: DoorScanResultResponse[] }>> {
    return { success: true, scans: await this.door.sync(admin, id, body) };
  }
}
