import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { PasswordHasher } from './password-hasher.js';
import { ProfileService } from './profile.service.js';
import { SignupsRepository } from './signups.repository.js';
import { SignupsService } from './signups.service.js';
import { SuperAdminService } from './super-admin.service.js';
import { UsersController } from './users.controller.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

@Module({
  imports: [AuditModule],
  controllers: [UsersController],
  providers: [UsersRepository, UsersService, ProfileService, SignupsRepository, SignupsService, PasswordHasher, SuperAdminService],
  exports: [UsersService, ProfileService, SignupsService, PasswordHasher],
})
export class UsersModule {}
