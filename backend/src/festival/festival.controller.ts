import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/access.decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import type { SuccessEnvelope } from '../common/envelope.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { EventsService } from '../events/events.service.js';
import { FestivalResponse } from './festival.response.js';

@ApiTags('festival')
@Public()
@Controller('festival')
export class FestivalController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: EventsService,
  ) {}

  @Get()
  @ApiOperation({
    summary: "The festival's dates, e-mail domain and number of events, for the home page",
    description: 'Open to everyone. The dates come from the configuration; the count is of the events in the database.',
  })
  @ApiEnvelope({ description: 'The festival.', payload: { festival: FestivalResponse } })
  async get(): Promise<SuccessEnvelope<{ festival: FestivalResponse }>> {
    return {
      success: true,
      festival: {
        festivalDate: this.config.festivalDate.toISOString(),
        registrationOpensAt: this.config.registrationOpensAt.toISOString(),
        institutionEmailDomain: this.config.institutionEmailDomain,
        eventCount: await this.events.count(),
      },
    };
  }
}
