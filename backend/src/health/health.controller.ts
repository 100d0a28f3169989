import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../common/access.decorators.js';
import { RETRY_AFTER_SECONDS } from '../database/database-unavailable.js';
import { DatabaseService } from '../database/database.service.js';

/** Well under the 2 s a load balancer's probe typically allows, so the answer comes before it gives up. */
export const READINESS_TIMEOUT_MS = 1000;

const LIVE = { success: { type: 'boolean', example: true }, status: { type: 'string', example: 'ok' } };
const READY = { type: 'object', required: ['success', 'status', 'database'], properties: { ...LIVE, database: { type: 'string', example: 'up' } } };
const NOT_READY = {
  type: 'object',
  required: ['success', 'message', 'database'],
  properties: {
    success: { type: 'boolean', example: false },
    message: { type: 'string', example: 'The database is unreachable.' },
    database: { type: 'string', example: 'down' },
  },
};

@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly database: DatabaseService) {}

  @Get('live')
  @ApiOperation({ summary: 'Liveness: the process is up and answering, whatever the state of the database' })
  @ApiOkResponse({ description: 'The process is up.', schema: { type: 'object', required: ['success', 'status'], properties: LIVE } })
  live() {
    return { success: true, status: 'ok' };
  }

  @Get('ready')
  @ApiOperation({ summary: 'Readiness: the database answers within a second (503 with database "down" otherwise)' })
  @ApiOkResponse({ description: 'The database answered.', schema: READY })
  @ApiServiceUnavailableResponse({ description: 'The database did not answer within a second.', schema: NOT_READY })
  ready(@Res() response: Response): Promise<void> {
    return this.answerReadiness(response);
  }

  /** Kept: monitors, the browser tests and the container's health check poll it. */
  @Get()
  @ApiOperation({ summary: 'Readiness, as /health/ready' })
  @ApiOkResponse({ description: 'The database answered.', schema: READY })
  @ApiServiceUnavailableResponse({ description: 'The database did not answer within a second.', schema: NOT_READY })
  check(@Res() response: Response): Promise<void> {
    return this.answerReadiness(response);
  }

  /** Written directly: the 503 carries the database's state besides the envelope's message. */
  private async answerReadiness(response: Response): Promise<void> {
    if (await this.database.isReachable(READINESS_TIMEOUT_MS)) {
      response.json({ success: true, status: 'ok', database: 'up' });
      return;
    }
    response
      .status(HttpStatus.SERVICE_UNAVAILABLE)
      .setHeader('Retry-After', String(RETRY_AFTER_SECONDS))
      .json({ success: false, message: 'The database is unreachable.', database: 'down' });
  }
}
