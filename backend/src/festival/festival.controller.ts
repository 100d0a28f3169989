import { Body, Controller, Get, Inject, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public, SuperAdminOnly } from '../common/access.decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import type { SuccessEnvelope } from '../common/envelope.js';
import { CurrentUser, type SessionUser } from '../common/session-user.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { EventsService } from '../events/events.service.js';
import { registrationCount, RegistrationsService } from '../registrations/registrations.service.js';
import { FestivalSettingsDto } from '../settings/festival-settings.dto.js';
import { FestivalSettingsService } from '../settings/festival-settings.service.js';
import { FestivalResponse, FestivalSettingsResponse, toFestivalResponse, toFestivalSettingsResponse } from './festival.response.js';

type Settings = SuccessEnvelope<{ settings: FestivalSettingsResponse }>;

@ApiTags('festival')
@Controller('festival')
export class FestivalController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: EventsService,
    private readonly registrations: RegistrationsService,
    private readonly settings: FestivalSettingsService,
  ) {}

  @Get()
  @Public()
  @ApiOperation({
    summary: "The festival's name, days, registration window and about-the-institution section, for the home page",
    description:
      "Open to everyone. The festival settings in force (the super admin's, or the first start's defaults); the count is of the events in the database.",
  })
  @ApiEnvelope({ description: 'The festival.', payload: { festival: FestivalResponse } })
  async get(): Promise<SuccessEnvelope<{ festival: FestivalResponse }>> {
    return { success: true, festival: toFestivalResponse(this.settings.current, this.config.institutionEmailDomain, await this.events.count()) };
  }

  @Get('settings')
  @SuperAdminOnly()
  @ApiOperation({ summary: "The festival's settings, to edit", description: 'Super admin only. Save them back with their `version`.' })
  @ApiEnvelope({ description: 'The settings.', payload: { settings: FestivalSettingsResponse } })
  getSettings(): Settings {
    return { success: true, settings: toFestivalSettingsResponse(this.settings.current) };
  }

  @Put('settings')
  @SuperAdminOnly()
  @ApiOperation({
    summary: "Saves the festival's settings",
    description:
      'Super admin only. Every field, and the `version` read: when another save came after it, 409 and nothing is saved. ' +
      'The settings hold on every instance within FESTIVAL_SETTINGS_CACHE_MS, with no restart; the change is written to the audit trail. ' +
      'A lower cap applies to new registrations: students above it keep their places, and the message says how many.',
  })
  @ApiEnvelope({
    description: 'Saved.',
    message: true,
    payload: { settings: FestivalSettingsResponse },
    errors: { 400: 'A field breaks its rule (named in `errors`).', 409: 'Another save came after the version sent.' },
  })
  async save(@CurrentUser() user: SessionUser, @Body() form: FestivalSettingsDto): Promise<Settings> {
    const saved = await this.settings.save(form, user);
    return { success: true, message: await this.savedMessage(saved.rules.maxRegistrationsPerStudent), settings: toFestivalSettingsResponse(saved) };
  }

  /** "Festival settings saved.", and what a cap means for students already above it. */
  private async savedMessage(cap: number): Promise<string> {
    const above = cap > 0 ? await this.registrations.studentsAboveCap(cap) : 0;
    if (above === 0) return 'Festival settings saved.';
    const who = above === 1 ? '1 student already holds' : `${above} students already hold`;
    return `Festival settings saved. ${who} more than ${registrationCount(cap)}: they keep them, and the cap applies to new registrations.`;
  }
}
