import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { UsersModule } from '../users/users.module.js';
import { MemberSearchController } from './member-search.controller.js';
import { MemberSearchService } from './member-search.service.js';

/** Forming teams; today the member search, whose same-gender rule is an event's rule about teams. */
@Module({
  imports: [UsersModule, EventsModule],
  controllers: [MemberSearchController],
  providers: [MemberSearchService],
})
export class TeamsModule {}
