import { Controller, Get, Inject } from '@nestjs/common';
import { Public } from '../common/access.decorators.js';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { EventsService } from '../events/events.service.js';

@ApiTags('festival')
@Public()
@Controller('festival')
export class FestivalController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: EventsService,
  ) {}

  @Get()
  @ApiOperation({ summary: "The festival's dates, e-mail domain and number of events, for the home page" })
  async get() {
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
