import { Body, Controller, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { SignedIn } from '../common/access.decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import type { SuccessEnvelope } from '../common/envelope.js';
import { CurrentUser, type SessionUser } from '../common/session-user.js';
import { RegistrationResponse } from './registration.response.js';
import { SoloRegistrationDto } from './registrations.dto.js';
import { RegistrationsService } from './registrations.service.js';

@ApiTags('registrations')
@Controller()
export class RegistrationsController {
  constructor(private readonly registrations: RegistrationsService) {}

  @Post('solo')
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
}
