import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { InvitesModule } from '../invites/invites.module.js';
import { RegistrationsModule } from '../registrations/registrations.module.js';
import { SeatsModule } from '../seats/seats.module.js';
import { UsersModule } from '../users/users.module.js';
import { MemberSearchController } from './member-search.controller.js';
import { MemberSearchService } from './member-search.service.js';
import { MyRegistrationsController } from './my-registrations.controller.js';
import { TeamAnswers } from './team-answers.js';
import { TeamDepartureService } from './team-departure.service.js';
import { TeamFormingService } from './team-forming.service.js';
import { TeamGenderReliance } from './team-gender-reliance.js';
import { TeamInvitingService } from './team-inviting.service.js';
import { TeamRegistrationService } from './team-registration.service.js';
import { TeamRules } from './team-rules.js';
import { TeamsController } from './teams.controller.js';
import { TeamsRepository } from './teams.repository.js';
import { TeamsService } from './teams.service.js';

/**
 * Teams of group events: forming, inviting (through invites/), registering under one seat, the member search and My Registrations.
 * Forming, inviting and registering are services of their own; `TeamsService` (who is in which team) and
 * `TeamDepartureService` (a deleted account leaving its teams) are exported.
 */
@Module({
  imports: [UsersModule, EventsModule, RegistrationsModule, InvitesModule, SeatsModule],
  controllers: [MemberSearchController, TeamsController, MyRegistrationsController],
  providers: [
    MemberSearchService,
    TeamsRepository,
    TeamRules,
    TeamAnswers,
    TeamFormingService,
    TeamInvitingService,
    TeamRegistrationService,
    TeamGenderReliance,
    TeamsService,
    TeamDepartureService,
  ],
  exports: [TeamsService, TeamDepartureService],
})
export class TeamsModule {}
