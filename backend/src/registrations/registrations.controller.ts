import { Body, Controller, Get, Param, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { SignedIn, StudentsOnly } from '../common/access.decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import { ApiDownload, type DownloadReply, sendDownload } from '../common/download.js';
import type { SuccessEnvelope } from '../common/envelope.js';
import { CountsRegistrations } from '../common/registration-outcomes.js';
import { CurrentUser, type SessionUser } from '../common/session-user.js';
import { uuid } from '../common/uuid-param.js';
import { CALENDAR_CONTENT_TYPE } from './event-calendar.js';
import { RegistrationResponse } from './registration.response.js';
import { SoloRegistrationDto } from './registrations.dto.js';
import { RegistrationsService } from './registrations.service.js';

@ApiTags('registrations')
@Controller()
export class RegistrationsController {
  constructor(private readonly registrations: RegistrationsService) {}

  @Post('solo')
  @CountsRegistrations()
  @SignedIn()
  @ApiOperation({
    summary: 'Register the signed-in student for a solo event',
    description:
      'For students only, and only for themselves (`studentId` is their own id). Takes a seat in the same step; ' +
      'an event that needs approval gives a pending registration. Group events take teams instead.',
  })
  @ApiEnvelope({
    status: 201,
    description: 'Registered; the message says for which event.',
    message: true,
    payload: { registration: RegistrationResponse },
    errors: {
      400: 'The event is a team event.',
      403: 'An admin account, or a `studentId` that is not the signed-in student.',
      404: 'Event not found',
      409: 'Already registered, full, closed or not yet open.',
    },
  })
  async registerSolo(@CurrentUser() student: SessionUser, @Body() form: SoloRegistrationDto): Promise<SuccessEnvelope<{ registration: RegistrationResponse }>> {
    const { message, registration } = await this.registrations.registerSolo(student, form.eventId, form.studentId);
    return { success: true, message, registration };
  }

  @Get('registrations/:eventId/calendar.ics')
  @StudentsOnly()
  @ApiOperation({
    summary: "The signed-in student's calendar invite for an event",
    description:
      'An iCalendar file (RFC 5545) with the event: its start and end in UTC (an event without a set end lasts EVENT_LENGTH_MINUTES), venue, club and page. ' +
      'For a registration holding a seat (pending or approved) of an event with a date; the same invite comes with the confirmation and reminder e-mails.',
  })
  @ApiParam({ name: 'eventId', format: 'uuid' })
  @ApiDownload('text/calendar', '`<event>.ics`, as an attachment.', {
    400: 'Invalid event id',
    404: 'Event not found, not registered for it (or rejected), or its date not announced yet.',
  })
  async calendar(@CurrentUser() student: SessionUser, @Param('eventId', uuid('event')) eventId: string, @Res() reply: DownloadReply): Promise<void> {
    const { fileName, calendar } = await this.registrations.calendarOf(student, eventId);
    sendDownload(reply, CALENDAR_CONTENT_TYPE, fileName, calendar);
  }
}
