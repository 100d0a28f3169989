import { Body, Controller, Get, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SignedIn } from '../common/access.decorators.js';
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
  @ApiOperation({ summary: 'Register the signed-in student for a solo event' })
  @ApiCreatedResponse({ type: RegistrationResponse })
  @ApiConflictResponse({ description: 'Already registered, full, closed or not yet open' })
  async registerSolo(@CurrentUser() student: SessionUser, @Body() form: SoloRegistrationDto) {
    const { message, registration } = await this.registrations.registerSolo(student, form.eventId, form.studentId);
    return { success: true, message, registration };
  }

  @Get('user/registrations')
  @SignedIn()
  @ApiOperation({ summary: "The signed-in student's registrations" })
  @ApiOkResponse({ type: [RegistrationResponse] })
  async mine(@CurrentUser() student: SessionUser) {
    return { success: true, registrations: await this.registrations.listForStudent(student.id) };
  }
}
