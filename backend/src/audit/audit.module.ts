import { Module } from '@nestjs/common';
import { AuditController } from './audit.controller.js';
import { AuditRepository } from './audit.repository.js';
import { AuditService } from './audit.service.js';

/** The audit trail of admin actions: written by the modules that act, read by the super admin. */
@Module({ controllers: [AuditController], providers: [AuditRepository, AuditService], exports: [AuditService] })
export class AuditModule {}
