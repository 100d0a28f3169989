import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { FestivalController } from './festival.controller.js';

@Module({ imports: [EventsModule], controllers: [FestivalController] })
export class FestivalModule {}
