import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/access.decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import type { SuccessEnvelope } from '../common/envelope.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { EventsService } from '../events/events.service.js';
import { FestivalCalendar } from '../events/festival-calendar.service.js';
import { FestivalResponse } from './festival.response.js';

@ApiTags('festival')
@Public()
@Controller('festival')
export class FestivalController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: EventsService,
    private readonly calendar: FestivalCalendar,
  ) {}

  @Get()
  @ApiOperation({
    summary: "The festival's dates, e-mail domain and number of events, for the home page",
    description:
      'Open to everyone. The dates are FESTIVAL_DATE and REGISTRATION_OPENS_AT when either is set; otherwise, with the demo festival loaded, ' +
      'counted from the day it was loaded (registration a week before, the festival three weeks after); otherwise the defaults. ' +
      'The count is of the events in the database.',
  })
  @ApiEnvelope({ description: 'The festival.', payload: { festival: FestivalResponse } })
  async get(): Promise<SuccessEnvelope<{ festival: FestivalResponse }>> {
    const { festivalDate, registrationOpensAt } = this.calendar.dates;
    return {
      success: true,
      festival: {
        festivalDate: festivalDate.toISOString(),
        registrationOpensAt: registrationOpensAt.toISOString(),
        institutionEmailDomain: this.config.institutionEmailDomain,
        eventCount: await this.events.count(),
      },
    };
  }
}
