import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../common/access.decorators.js';
import { RETRY_AFTER_SECONDS } from '../database/database-unavailable.js';
import { DatabaseService } from '../database/database.service.js';

/** Well under the 2 s a load balancer's probe typically allows, so the answer comes before it gives up. */
export const READINESS_TIMEOUT_MS = 1000;

@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly database: DatabaseService) {}

  @Get('live')
  @ApiOperation({ summary: 'Liveness: the process is up and answering, whatever the state of the database' })
  live() {
    return { success: true, status: 'ok' };
  }

  @Get('ready')
  @ApiOperation({ summary: 'Readiness: the database answers within a second (503 with database "down" otherwise)' })
  ready(@Res() response: Response): Promise<void> {
    return this.answerReadiness(response);
  }

  @Get()
  @ApiOperation({ summary: 'Readiness, as /health/ready (kept for monitors that already poll it)' })
  check(@Res() response: Response): Promise<void> {
    return this.answerReadiness(response);
  }

  /** Written directly: the 503 carries the database's state, besides the envelope's message. */
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
