import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { ScheduleModule } from '@nestjs/schedule';
import { LoggerModule } from 'nestjs-pino';
import { AccountModule } from './account/account.module.js';
import { AdminModule } from './admin/admin.module.js';
import { AuthModule } from './auth/auth.module.js';
import { CertificatesModule } from './certificates/certificates.module.js';
import { ClubsModule } from './clubs/clubs.module.js';
import { CommonModule } from './common/common.module.js';
import { EnvelopeFilter } from './common/envelope.filter.js';
import { InputGuard } from './common/input.guard.js';
import { OriginGuard } from './common/origin.guard.js';
import { requestLogMixin } from './common/request-context.js';
import { requestLogSerializers } from './common/request-log.js';
import { SessionGuard } from './common/session.guard.js';
import { createValidationPipe } from './common/validation.pipe.js';
import type { AppConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { DashboardModule } from './dashboard/dashboard.module.js';
import { DatabaseModule } from './database/database.module.js';
import { DemoDataModule } from './demo/demo-data.module.js';
import { EventsModule } from './events/events.module.js';
import { FestivalModule } from './festival/festival.module.js';
import { HealthModule } from './health/health.module.js';
import { LiveSeatsModule } from './live-seats/live-seats.module.js';
import { MailModule } from './mail/mail.module.js';
import { MessagesModule } from './messages/messages.module.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { RegistrationsModule } from './registrations/registrations.module.js';
import { ResultsModule } from './results/results.module.js';
import { TeamsModule } from './teams/teams.module.js';
import { RateLimitGuard } from './throttling/rate-limit.guard.js';
import { ThrottlingModule } from './throttling/throttling.module.js';
import { UsersModule } from './users/users.module.js';
import { WaitlistModule } from './waitlist/waitlist.module.js';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot({
          // The request log is a Fastify hook (`common/request-log.ts`), not this module's
          // per-request middleware; the module gives the application its logger.
          forRoutes: [],
          pinoHttp: { level: config.logLevel, serializers: requestLogSerializers, mixin: requestLogMixin },
        }),
        DatabaseModule,
        CommonModule,
        ScheduleModule.forRoot(),
        ThrottlingModule,
        HealthModule,
        UsersModule,
        AuthModule,
        MailModule,
        ClubsModule,
        EventsModule,
        RegistrationsModule,
        LiveSeatsModule,
        TeamsModule,
        WaitlistModule,
        ResultsModule,
        FestivalModule,
        AdminModule,
        MessagesModule,
        CertificatesModule,
        AccountModule,
        DashboardModule,
        DemoDataModule,
        MetricsModule,
      ],
      providers: [
        { provide: APP_FILTER, useClass: EnvelopeFilter },
        { provide: APP_PIPE, useFactory: createValidationPipe },
        // Guards run in this order: what the request holds, where it comes from, who asks, how often.
        { provide: APP_GUARD, useClass: InputGuard },
        { provide: APP_GUARD, useClass: OriginGuard },
        { provide: APP_GUARD, useClass: SessionGuard },
        { provide: APP_GUARD, useExisting: RateLimitGuard },
      ],
    };
  }
}
