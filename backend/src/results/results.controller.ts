import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/access.decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import type { SuccessEnvelope } from '../common/envelope.js';
import { uuid } from '../common/uuid-param.js';
import { ResultsResponse } from './results.response.js';
import { ResultsService } from './results.service.js';

/** An event's published results, for everyone. */
@ApiTags('events')
@Controller('events')
export class ResultsController {
  constructor(private readonly results: ResultsService) {}

  @Get(':id/results')
  @Public()
  @ApiOperation({ summary: "An event's results", description: 'Its confirmed winners, first place first; names and departments only.' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiEnvelope({
    description: 'The results.',
    payload: { results: ResultsResponse },
    errors: { 400: 'Invalid event id', 404: 'Event not found, or: Results are not published yet' },
  })
  async published(@Param('id', uuid('event')) id: string): Promise<SuccessEnvelope<{ results: ResultsResponse }>> {
    return { success: true, results: await this.results.published(id) };
  }
}
