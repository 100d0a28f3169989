import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';

/**
 * Running the festival's clubs: the super admin's invitations of club admins, the clubs' own
 * events and their approval queues, and the staff lists. The data stays with the modules that
 * own it (events, registrations, users); this module holds the invitations and the admin routes.
 */
@Module({ imports: [AuditModule], controllers: [], providers: [] })
export class AdminModule {}
