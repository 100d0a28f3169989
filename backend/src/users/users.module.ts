import { Module, type Type } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { InstitutionEmailConstraint } from './institution-email.validator.js';
import { PasswordHasher } from './password-hasher.js';
import { SignupsRepository } from './signups.repository.js';
import { SignupsService } from './signups.service.js';
import { SuperAdminService } from './super-admin.service.js';
import { UsersController } from './users.controller.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

/** Validation constraints that need Nest's injection (the configured institution domain). */
export const INJECTED_CONSTRAINTS: ReadonlySet<Type> = new Set([InstitutionEmailConstraint]);

@Module({
  imports: [EventsModule],
  controllers: [UsersController],
  providers: [UsersRepository, UsersService, SignupsRepository, SignupsService, ...INJECTED_CONSTRAINTS, PasswordHasher, SuperAdminService],
  exports: [UsersService, SignupsService, PasswordHasher],
})
export class UsersModule {}
