import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { AdminsOnly } from '../common/access.decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import type { SuccessEnvelope } from '../common/envelope.js';
import { CurrentUser, type SessionUser } from '../common/session-user.js';
import { uuid } from '../common/uuid-param.js';
import { EventPayloadDto } from '../events/event-payload.dto.js';
import { DecideRegistrationsDto } from '../registrations/registrations.dto.js';
import { AdminEventResponse } from './admin-event.response.js';
import { AdminEventsQuery } from './admin-events.dto.js';
import { AdminEventsService } from './admin-events.service.js';

const eventId = uuid('event');
const OWN_CLUB_ERRORS = {
  403: "Another club's event, or a club admin without a club.",
  404: 'Event not found',
};

/** A club's events and their approval queues, for the club's admins and the super admin (admin-side §2). */
@ApiTags('admin')
@AdminsOnly()
@Controller('admin/events')
export class AdminEventsController {
  constructor(private readonly events: AdminEventsService) {}

  @Get()
  @ApiOperation({
    summary: "The admin's events with their registrations",
    description:
      "A club admin's club's events; every event for the super admin; by date then name. The current festival's, or a past edition's with `edition` (read-only: to copy last year's events).",
  })
  @ApiEnvelope({
    description: 'The events.',
    payload: { events: [AdminEventResponse] },
    errors: { 400: 'Invalid edition id', 403: 'A club admin without a club.' },
  })
  async list(@CurrentUser() admin: SessionUser, @Query() query: AdminEventsQuery): Promise<SuccessEnvelope<{ events: AdminEventResponse[] }>> {
    return { success: true, events: await this.events.list(admin, query.edition) };
  }

  @Post()
  @ApiOperation({
    summary: 'Create an event',
    description: "In the current festival. A club admin's event is their club's; the super admin names a club that is not retired.",
  })
  @ApiEnvelope({
    status: 201,
    description: 'Created.',
    message: true,
    payload: { event: AdminEventResponse },
    errors: { 400: 'A field breaks its rule (each named in `errors`).', 403: 'A club admin without a club.', 409: 'An event with this name already exists' },
  })
  async create(@CurrentUser() admin: SessionUser, @Body() payload: EventPayloadDto): Promise<SuccessEnvelope<{ event: AdminEventResponse }>> {
    return { success: true, message: 'Event created successfully!', event: await this.events.create(admin, payload) };
  }

  @Get(':id')
  @ApiOperation({
    summary: "One of the admin's events with its registrations",
    description: "Its club's admins and the super admin only; every registration with its student, team and status.",
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiEnvelope({ description: 'The event.', payload: { event: AdminEventResponse }, errors: { 400: 'Invalid event id', ...OWN_CLUB_ERRORS } })
  async get(@CurrentUser() admin: SessionUser, @Param('id', eventId) id: string): Promise<SuccessEnvelope<{ event: AdminEventResponse }>> {
    return { success: true, event: await this.events.get(admin, id) };
  }

  @Put(':id')
  @ApiOperation({ summary: 'Change an event', description: 'Only the fields sent change. The capacity never goes below the seats taken.' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiEnvelope({
    description: 'Changed.',
    message: true,
    payload: { event: AdminEventResponse },
    errors: {
      400: 'Invalid event id, or a field breaks its rule.',
      ...OWN_CLUB_ERRORS,
      409: 'The name is taken, the capacity is below the seats taken, or the date moves to another day after attendance or winners were recorded.',
    },
  })
  async update(
    @CurrentUser() admin: SessionUser,
    @Param('id', eventId) id: string,
    @Body() payload: EventPayloadDto,
  ): Promise<SuccessEnvelope<{ event: AdminEventResponse }>> {
    return { success: true, message: 'Event updated successfully!', event: await this.events.update(admin, id, payload) };
  }

  @Delete(':id')
  @ApiOperation({
    summary: 'Delete an event',
    description: 'Every student still registered is e-mailed that it was cancelled; its registrations, teams and invitations go with it.',
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiEnvelope({
    description: 'Deleted.',
    message: true,
    payload: { cancelledRegistrations: { type: 'integer', minimum: 0, description: 'Registrations (students) cancelled with it' } },
    errors: { 400: 'Invalid event id', ...OWN_CLUB_ERRORS },
  })
  async remove(@CurrentUser() admin: SessionUser, @Param('id', eventId) id: string): Promise<SuccessEnvelope<{ cancelledRegistrations: number }>> {
    return { success: true, message: 'Event deleted', cancelledRegistrations: await this.events.remove(admin, id) };
  }

  @Put(':id/registrations')
  @ApiOperation({
    summary: 'Approve or reject pending registrations',
    description:
      'Names students and teams (a team member stands for their team). Each pending one is decided and its students e-mailed; ' +
      'a rejection gives its seat back. Those already decided, or not registered, are skipped.',
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiEnvelope({
    description: 'Decided; `updated` counts seats (a solo student or a team), `skipped` the ids sent that decided nothing.',
    message: true,
    payload: { updated: { type: 'integer', minimum: 0 }, skipped: { type: 'integer', minimum: 0 } },
    errors: { 400: 'Invalid event id, no id or too many, or an invalid id.', ...OWN_CLUB_ERRORS },
  })
  async decide(
    @CurrentUser() admin: SessionUser,
    @Param('id', eventId) id: string,
    @Body() decision: DecideRegistrationsDto,
  ): Promise<SuccessEnvelope<{ updated: number; skipped: number }>> {
    return { success: true, ...(await this.events.decide(admin, id, decision)) };
  }
}
