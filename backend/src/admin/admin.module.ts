import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { EventsModule } from '../events/events.module.js';
import { RegistrationsModule } from '../registrations/registrations.module.js';
import { TeamsModule } from '../teams/teams.module.js';
import { UsersModule } from '../users/users.module.js';
import { AdminUsersController } from './admin-users.controller.js';
import { AdminUsersService } from './admin-users.service.js';

/**
 * Running the festival's clubs: the super admin's invitations of club admins, the clubs' own
 * events and their approval queues, and the staff lists. The data stays with the modules that
 * own it (events, registrations, users); this module holds the invitations and the admin routes.
 */
@Module({
  imports: [AuditModule, UsersModule, AuthModule, EventsModule, RegistrationsModule, TeamsModule],
  controllers: [AdminUsersController],
  providers: [AdminUsersService],
})
export class AdminModule {}
