import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { AfterResponse } from '../common/after-response.js';
import { MailModule } from '../mail/mail.module.js';
import { UsersModule } from '../users/users.module.js';
import { AccountAccessService } from './account-access.service.js';
import { AccountTokensRepository } from './account-tokens.repository.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { SessionCookieStrategy } from './session-cookie.strategy.js';
import { SessionCookies } from './session-cookies.service.js';
import { SessionsRepository } from './sessions.repository.js';
import { SessionsService } from './sessions.service.js';
import { TrustedDevicesRepository } from './trusted-devices.repository.js';
import { TrustedDevicesService } from './trusted-devices.service.js';

@Module({
  imports: [PassportModule, UsersModule, MailModule],
  controllers: [AuthController],
  providers: [
    AuthService,
    SessionsService,
    SessionsRepository,
    AccountTokensRepository,
    TrustedDevicesService,
    TrustedDevicesRepository,
    SessionCookieStrategy,
    SessionCookies,
    AfterResponse,
    AccountAccessService,
  ],
  // Sign-in's cookies start an invited admin's session; a role change ends an account's sessions (admin/);
  // a deletion closes every way into the account (account/).
  exports: [SessionCookies, SessionsService, AccountAccessService],
})
export class AuthModule {}
