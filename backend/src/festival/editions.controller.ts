import { BadRequestException, Body, Controller, Get, NotFoundException, Param, ParseIntPipe, Post } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Public, SuperAdminOnly } from '../common/access.decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import type { SuccessEnvelope } from '../common/envelope.js';
import { CurrentUser, type SessionUser } from '../common/session-user.js';
import { ResultsResponse } from '../results/results.response.js';
import { ResultsService } from '../results/results.service.js';
import { StartEditionDto } from '../settings/festival-settings.dto.js';
import { FestivalSettingsService } from '../settings/festival-settings.service.js';
import { EditionResponse, FestivalSettingsResponse, toEditionResponse, toFestivalSettingsResponse } from './festival.response.js';

const editionId = new ParseIntPipe({ exceptionFactory: () => new BadRequestException('Invalid edition id') });

/** The festival's editions: the archive of results by year, and next year's festival started by the super admin. */
@ApiTags('festival')
@Controller('festival/editions')
export class EditionsController {
  constructor(
    private readonly settings: FestivalSettingsService,
    private readonly results: ResultsService,
  ) {}

  @Get()
  @Public()
  @ApiOperation({ summary: "The festival's editions, the current one first", description: 'Open to everyone: the archive lists them by year.' })
  @ApiEnvelope({ description: 'The editions.', payload: { editions: [EditionResponse] } })
  async list(): Promise<SuccessEnvelope<{ editions: EditionResponse[] }>> {
    return { success: true, editions: (await this.settings.editions()).map(toEditionResponse) };
  }

  @Get(':id/results')
  @Public()
  @ApiOperation({
    summary: "An edition's results: every event with confirmed winners",
    description: "Open to everyone; names and departments only, as on an event's own results. The archive of a closed edition never changes.",
  })
  @ApiParam({ name: 'id', type: Number })
  @ApiEnvelope({
    description: 'The edition and its results, by date then name.',
    payload: { edition: EditionResponse, results: [ResultsResponse] },
    errors: { 400: 'Invalid edition id', 404: 'Festival edition not found' },
  })
  async archive(@Param('id', editionId) id: number): Promise<SuccessEnvelope<{ edition: EditionResponse; results: ResultsResponse[] }>> {
    const edition = (await this.settings.editions()).find((candidate) => candidate.id === id);
    if (!edition) throw new NotFoundException('Festival edition not found');
    return { success: true, edition: toEditionResponse(edition), results: await this.results.ofEdition(id) };
  }

  @Post()
  @SuperAdminOnly()
  @ApiOperation({
    summary: "Starts next year's festival",
    description:
      'Super admin only. The current edition closes and is kept as it is (read-only: its events, registrations, attendance, winners and results); ' +
      'the new one opens with the name, days and registration window sent, and every other setting carries over, as do accounts, clubs and club admins. ' +
      "Confirmed by typing the current festival's name; refused (409) while its days are not over unless `earlyCloseReason` says why, which the audit trail keeps.",
  })
  @ApiEnvelope({
    status: 201,
    description: 'Started.',
    message: true,
    payload: { settings: FestivalSettingsResponse, closed: EditionResponse },
    errors: {
      400: 'A field breaks its rule, or the confirmation is not the current name (named in `errors`).',
      409: "The current festival's days are not over and no reason was given, or another change came after the version sent.",
    },
  })
  async start(
    @CurrentUser() user: SessionUser,
    @Body() form: StartEditionDto,
  ): Promise<SuccessEnvelope<{ settings: FestivalSettingsResponse; closed: EditionResponse }>> {
    const { settings, closed } = await this.settings.startEdition(form, user);
    return {
      success: true,
      message: `${settings.name} has started. ${closed.name} is closed and kept in the archive.`,
      settings: toFestivalSettingsResponse(settings),
      closed: toEditionResponse(closed),
    };
  }
}
