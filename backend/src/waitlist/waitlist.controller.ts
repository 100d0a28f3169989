import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { StudentsOnly } from '../common/access.decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import type { SuccessEnvelope } from '../common/envelope.js';
import { CountsRegistrations } from '../common/registration-outcomes.js';
import { CurrentUser, type SessionUser } from '../common/session-user.js';
import { uuid } from '../common/uuid-param.js';
import { RateLimit } from '../throttling/rate-limit.decorator.js';
import { CancelRegistrationDto, JoinWaitlistDto } from './waitlist.dto.js';
import { WaitlistEntryResponse } from './waitlist.response.js';
import { WaitlistService } from './waitlist.service.js';

const ENTRY_ERRORS = {
  403: "A member of the entry's team who is not its leader.",
  404: 'Waitlist entry not found (or not yours).',
};

/** Cancelling a registration and the line for a full event (student-side): students only. */
@ApiTags('waitlist')
@StudentsOnly()
@Controller()
export class WaitlistController {
  constructor(private readonly waitlist: WaitlistService) {}

  @Post('registrations/:eventId/cancel')
  @HttpCode(200)
  @RateLimit('cancelByAccount')
  @ApiOperation({
    summary: "Cancel the student's registration (a team's, by its leader)",
    description:
      "Confirmed by typing the event's name. The seat returns at once and is offered to the head of the line in the same step; " +
      "a team's members' registrations all go and the team stays, unregistered. Refused after the registration deadline " +
      '(without one, once the event has started).',
  })
  @ApiParam({ name: 'eventId', format: 'uuid' })
  @ApiEnvelope({
    description: 'Cancelled; the message names the event (and the team).',
    message: true,
    errors: {
      400: 'The typed name is not the event’s.',
      403: 'A member of a registered team who is not its leader.',
      404: 'Event not found, or not registered for it.',
      409: 'The registration deadline has passed, or the event has started.',
    },
  })
  async cancel(
    @CurrentUser() student: SessionUser,
    @Param('eventId', uuid('event')) eventId: string,
    @Body() form: CancelRegistrationDto,
  ): Promise<SuccessEnvelope> {
    return { success: true, ...(await this.waitlist.cancel(student, eventId, form.eventName)) };
  }

  @Post('events/:eventId/waitlist')
  @ApiOperation({
    summary: 'Join the line for a full event (a group event: the leader puts their whole team in line)',
    description: 'Only when every seat is taken or held; the same rules as registering (deadline, team size, gender limits).',
  })
  @ApiParam({ name: 'eventId', format: 'uuid' })
  @ApiEnvelope({
    status: 201,
    description: 'In line; the message says at which place.',
    message: true,
    payload: { entry: WaitlistEntryResponse },
    errors: {
      400: 'A group event without a team, or a team for an individual event.',
      403: 'A member of the team who is not its leader.',
      404: 'Event not found, or team not found.',
      409: 'Seats are still open, already in line or registered, closed, or registering would be refused (team size, gender limit, festival cap or clash).',
    },
  })
  async join(
    @CurrentUser() student: SessionUser,
    @Param('eventId', uuid('event')) eventId: string,
    @Body() form: JoinWaitlistDto,
  ): Promise<SuccessEnvelope<{ entry: WaitlistEntryResponse }>> {
    return { success: true, ...(await this.waitlist.join(student, eventId, form.teamId)) };
  }

  @Get('waitlist')
  @ApiOperation({
    summary: "The student's places in line and offered seats, their own and their teams', oldest first",
    description:
      'A waiting entry carries its place (1 = next to be offered); an offered one, when its hold ends. Lines whose registration is over are left out.',
  })
  @ApiEnvelope({ description: 'The open entries (waiting or offered).', payload: { entries: [WaitlistEntryResponse] } })
  async list(@CurrentUser() student: SessionUser): Promise<SuccessEnvelope<{ entries: WaitlistEntryResponse[] }>> {
    return { success: true, entries: await this.waitlist.entriesOf(student) };
  }

  @Post('waitlist/:entryId/accept')
  @CountsRegistrations()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Take the offered seat: register (a team, as registering a team does)',
    description: "By the entry's solo student or its team's leader, before the hold ends; the registration is confirmed by e-mail like any other.",
  })
  @ApiParam({ name: 'entryId', format: 'uuid' })
  @ApiEnvelope({
    description: 'Registered.',
    message: true,
    errors: {
      ...ENTRY_ERRORS,
      409: 'The offer has lapsed or is no longer offered, or registering refused: for good (already registered, gender limit: the offer is closed and the seat passes on) or until mended (team size, festival cap or clash: the offer stays).',
    },
  })
  async accept(@CurrentUser() student: SessionUser, @Param('entryId', uuid('waitlist entry')) entryId: string): Promise<SuccessEnvelope> {
    return { success: true, ...(await this.waitlist.accept(student, entryId)) };
  }

  @Post('waitlist/:entryId/decline')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Let the offered seat go: it passes to the next in line',
    description: 'The place in line closes; with nobody else waiting the seat is free for anyone to register.',
  })
  @ApiParam({ name: 'entryId', format: 'uuid' })
  @ApiEnvelope({ description: 'Declined.', message: true, errors: { ...ENTRY_ERRORS, 409: 'The offer has lapsed or is no longer offered.' } })
  async decline(@CurrentUser() student: SessionUser, @Param('entryId', uuid('waitlist entry')) entryId: string): Promise<SuccessEnvelope> {
    return { success: true, ...(await this.waitlist.decline(student, entryId)) };
  }

  @Delete('waitlist/:entryId')
  @ApiOperation({ summary: 'Leave the line', description: 'An entry holding an offer declines it: the seat passes to the next in line.' })
  @ApiParam({ name: 'entryId', format: 'uuid' })
  @ApiEnvelope({ description: 'Left.', message: true, errors: { ...ENTRY_ERRORS, 409: 'No longer in line.' } })
  async leave(@CurrentUser() student: SessionUser, @Param('entryId', uuid('waitlist entry')) entryId: string): Promise<SuccessEnvelope> {
    return { success: true, ...(await this.waitlist.leave(student, entryId)) };
  }
}
