import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { LiveSeatsController } from './live-seats.controller.js';
import { LiveSeatsService } from './live-seats.service.js';

/**
 * The seats as they change, streamed to the pages that show them. Apart from events/, which owns
 * the seats and stays without routes or connections: this module holds the open streams and
 * the one reader that feeds them, and reads the seats through `EventsService`.
 */
@Module({
  imports: [EventsModule],
  controllers: [LiveSeatsController],
  providers: [LiveSeatsService],
  exports: [LiveSeatsService],
})
export class LiveSeatsModule {}
