import { Body, Controller, Get, HttpCode, NotFoundException, Param, type PipeTransform, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { AdminsOnly } from '../common/access.decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import type { SuccessEnvelope } from '../common/envelope.js';
import { CurrentUser, type SessionUser } from '../common/session-user.js';
import { ticketCodeOf } from '../common/ticket-code.js';
import { uuid } from '../common/uuid-param.js';
import { WinnersDto } from '../results/results.dto.js';
import { ChosenWinnerResponse } from '../results/results.response.js';
import { ResultsService } from '../results/results.service.js';
import { ApplicantSearchQuery, AttendanceDto, CheckInDto } from './event-day.dto.js';
import { ApplicantResponse, EventTeamResponse, TicketResponse } from './event-day.response.js';
import { EventDayService } from './event-day.service.js';

const OWN_CLUB_ERRORS = { 403: "Another club's event.", 404: 'Event not found' };
const NOT_THE_DAY = 'Attendance can be marked only on the event date. / This event has no date yet.';
const NOT_YET = `${NOT_THE_DAY} / {name} is still waiting for approval (only an approved registration is marked present).`;
const TICKET_ERRORS = { 403: "A ticket of another club's event.", 404: 'Ticket not found' };

/** The ticket a typed or scanned code names (`ticketCodeOf`); anything else names no ticket (a 404, like an unknown code). */
const ticketCode: PipeTransform<string, string> = {
  transform: (value) => {
    const code = ticketCodeOf(value);
    if (!code) throw new NotFoundException('Ticket not found');
    return code;
  },
};
const TICKET_PARAM = {
  name: 'code',
  description:
    "The ticket code a student shows: 16 letters and digits, whatever the case, spaces and dashes (an earlier ticket's 22 base64url characters, exactly)",
};

/** The event day (admin-side §4): applicants, attendance, tickets at the door and winners, for the event's club admins and the super admin. */
@ApiTags('admin')
@AdminsOnly()
@Controller('admin')
export class EventDayController {
  constructor(
    private readonly eventDay: EventDayService,
    private readonly results: ResultsService,
  ) {}

  @Get('events/:id/applicants')
  @ApiOperation({ summary: "The event's applicants and teams", description: 'Every student holding a seat (pending or approved), team members one by one.' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiEnvelope({
    description: 'The applicants and the registered teams.',
    payload: { applicants: [ApplicantResponse], teams: [EventTeamResponse] },
    errors: { 400: 'Invalid event id, or the search text breaks its rule.', ...OWN_CLUB_ERRORS },
  })
  async applicants(
    @CurrentUser() admin: SessionUser,
    @Param('id', uuid('event')) id: string,
    @Query() query: ApplicantSearchQuery,
  ): Promise<SuccessEnvelope<{ applicants: ApplicantResponse[]; teams: EventTeamResponse[] }>> {
    return { success: true, ...(await this.eventDay.applicants(admin, id, query.search)) };
  }

  @Put('events/:id/attendance')
  @ApiOperation({
    summary: 'Mark attendance',
    description:
      "On or after the event's date (in the festival's time zone). Only students holding a seat, and only approved ones marked present; a repeat changes nothing. `updated` counts the students whose mark changed.",
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiEnvelope({
    description: 'Marked.',
    message: true,
    payload: { updated: { type: 'integer', minimum: 0 } },
    errors: { 400: 'A row breaks its rule, or names a student not registered for this event.', ...OWN_CLUB_ERRORS, 409: NOT_YET },
  })
  async attendance(
    @CurrentUser() admin: SessionUser,
    @Param('id', uuid('event')) id: string,
    @Body() body: AttendanceDto,
  ): Promise<SuccessEnvelope<{ updated: number }>> {
    return { success: true, message: 'Attendance updated successfully!', updated: await this.eventDay.markAttendance(admin, id, body) };
  }

  @Get('tickets/:code')
  @ApiOperation({ summary: 'Read a ticket', description: 'Its event and holders: one student, or every registered member of a team.' })
  @ApiParam(TICKET_PARAM)
  @ApiEnvelope({ description: 'The ticket.', payload: { ticket: TicketResponse }, errors: TICKET_ERRORS })
  async ticket(@CurrentUser() admin: SessionUser, @Param('code', ticketCode) code: string): Promise<SuccessEnvelope<{ ticket: TicketResponse }>> {
    return { success: true, ticket: await this.eventDay.ticket(admin, code) };
  }

  @Post('tickets/:code/check-in')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Check in at the door',
    description: "Marks the holders who arrived present (every holder by default), on or after the event's date.",
  })
  @ApiParam(TICKET_PARAM)
  @ApiEnvelope({
    description: 'Checked in.',
    message: true,
    payload: { holders: [ApplicantResponse] },
    errors: { 400: 'An id is invalid or not on this ticket.', ...TICKET_ERRORS, 409: NOT_YET },
  })
  async checkIn(
    @CurrentUser() admin: SessionUser,
    @Param('code', ticketCode) code: string,
    @Body() body: CheckInDto,
  ): Promise<SuccessEnvelope<{ holders: ApplicantResponse[] }>> {
    return { success: true, ...(await this.eventDay.checkIn(admin, code, body.userIds)) };
  }

  @Put('events/:id/winners')
  @ApiOperation({
    summary: 'Confirm the winners',
    description:
      "Approved students (solo) or whole approved teams (group) marked present, places 1 to their count; replaces earlier winners. On or after the event's date.",
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiEnvelope({
    description: 'Confirmed and published.',
    message: true,
    payload: { winners: [ChosenWinnerResponse] },
    errors: {
      400: 'The choice breaks a rule (named in the message).',
      ...OWN_CLUB_ERRORS,
      409: `${NOT_THE_DAY} / Winners can be chosen once {event} has started ({date, time}).`,
    },
  })
  async winners(
    @CurrentUser() admin: SessionUser,
    @Param('id', uuid('event')) id: string,
    @Body() body: WinnersDto,
  ): Promise<SuccessEnvelope<{ winners: ChosenWinnerResponse[] }>> {
    return { success: true, message: 'Winners selected successfully!', winners: await this.results.choose(admin, id, body) };
  }
}
