import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { ClubsModule } from '../clubs/clubs.module.js';
import { EventsModule } from '../events/events.module.js';
import { MailModule } from '../mail/mail.module.js';
import { RegistrationsModule } from '../registrations/registrations.module.js';
import { ResultsModule } from '../results/results.module.js';
import { SeatsModule } from '../seats/seats.module.js';
import { TeamsModule } from '../teams/teams.module.js';
import { UsersModule } from '../users/users.module.js';
import { WaitlistModule } from '../waitlist/waitlist.module.js';
import { AdminEventsController } from './admin-events.controller.js';
import { AdminEventsService } from './admin-events.service.js';
import { AdminInvitesController } from './admin-invites.controller.js';
import { AdminInvitesRepository } from './admin-invites.repository.js';
import { AdminInvitesService } from './admin-invites.service.js';
import { AdminUsersController } from './admin-users.controller.js';
import { AdminUsersService } from './admin-users.service.js';
import { DoorScansRepository } from './door-scans.repository.js';
import { DoorController } from './door.controller.js';
import { DoorService } from './door.service.js';
import { EventDayController } from './event-day.controller.js';
import { EventDayService } from './event-day.service.js';
import { ExportsController } from './exports.controller.js';
import { ExportsService } from './exports.service.js';

/**
 * Running the festival's clubs: the super admin's invitations of club admins, the clubs' own
 * events and their approval queues, the staff lists, and the event day (attendance, tickets, winners). The data stays with the modules that
 * own it (events, registrations, users); this module holds the invitations and the admin routes.
 */
@Module({
  imports: [
    AuditModule,
    AuthModule,
    ClubsModule,
    EventsModule,
    MailModule,
    RegistrationsModule,
    ResultsModule,
    SeatsModule,
    TeamsModule,
    UsersModule,
    WaitlistModule,
  ],
  controllers: [AdminEventsController, AdminInvitesController, AdminUsersController, DoorController, EventDayController, ExportsController],
  providers: [
    AdminEventsService,
    AdminInvitesRepository,
    AdminInvitesService,
    AdminUsersService,
    DoorScansRepository,
    DoorService,
    EventDayService,
    ExportsService,
  ],
  exports: [AdminInvitesService],
})
export class AdminModule {}
