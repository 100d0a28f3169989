import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { SignedIn } from '../common/access.decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import type { SuccessEnvelope } from '../common/envelope.js';
import { CurrentUser, type SessionUser } from '../common/session-user.js';
import { RegistrationResponse } from '../registrations/registration.response.js';
import { TeamFormingService } from './team-forming.service.js';

/**
 * My Registrations. It lives here, not in registrations/, because a team member's entry carries
 * the team's details, which this module owns; registrations/ stays below teams.
 */
@ApiTags('registrations')
@Controller()
export class MyRegistrationsController {
  constructor(private readonly forming: TeamFormingService) {}

  @Get('user/registrations')
  @SignedIn()
  @ApiOperation({
    summary: "The signed-in student's registrations",
    description: 'Any signed-in account; an admin has none. A team registration carries the team, its leader and its members.',
  })
  @ApiEnvelope({ description: 'The registrations, with their events.', payload: { registrations: [RegistrationResponse] } })
  async mine(@CurrentUser() student: SessionUser): Promise<SuccessEnvelope<{ registrations: RegistrationResponse[] }>> {
    return { success: true, registrations: await this.forming.registrationsOf(student.id) };
  }
}
