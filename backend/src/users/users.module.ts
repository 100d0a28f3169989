import { Module } from '@nestjs/common';
import { PasswordHasher } from './password-hasher.js';
import { SignupsRepository } from './signups.repository.js';
import { SignupsService } from './signups.service.js';
import { SuperAdminService } from './super-admin.service.js';
import { UsersController } from './users.controller.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

@Module({
  controllers: [UsersController],
  providers: [UsersRepository, UsersService, SignupsRepository, SignupsService, PasswordHasher, SuperAdminService],
  exports: [UsersService, SignupsService, PasswordHasher],
})
export class UsersModule {}
