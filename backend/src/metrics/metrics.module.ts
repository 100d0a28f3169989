import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { LiveSeatsModule } from '../live-seats/live-seats.module.js';
import { MailModule } from '../mail/mail.module.js';
import { MetricsController } from './metrics.controller.js';
import { MetricsService } from './metrics.service.js';

/** `GET /metrics`: reads the other modules' figures through their services; owns no data. */
@Module({
  imports: [EventsModule, MailModule, LiveSeatsModule],
  controllers: [MetricsController],
  providers: [MetricsService],
})
export class MetricsModule {}
