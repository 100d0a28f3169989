import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { ClubsController } from './clubs.controller.js';
import { ClubsRepository } from './clubs.repository.js';
import { ClubsService } from './clubs.service.js';

/** The clubs (`clubs`): kept by the super admin, named by events, club admins and admin invitations. */
@Module({ imports: [AuditModule], controllers: [ClubsController], providers: [ClubsRepository, ClubsService], exports: [ClubsService] })
export class ClubsModule {}
