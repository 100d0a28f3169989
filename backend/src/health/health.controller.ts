import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { type ApiResponseOptions, ApiOperation, ApiServiceUnavailableResponse, ApiTags, type SchemaObject } from '@nestjs/swagger';
import { Public } from '../common/access.decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import type { SuccessEnvelope } from '../common/envelope.js';
import { DatabaseService } from '../database/database.service.js';
import { WithoutFestivalSettings } from '../settings/festival-settings.decorator.js';

/** Well under the 2 s a load balancer's probe typically allows, so the answer comes before it gives up. */
const READINESS_TIMEOUT_MS = 1000;

const STATUS_OK: Record<string, SchemaObject> = { status: { type: 'string', enum: ['ok'] } };
const READY = { description: 'The database answered within a second.', payload: { ...STATUS_OK, database: { type: 'string', enum: ['up'] } } };
const NOT_READY: ApiResponseOptions = {
  description: 'The database did not answer within a second.',
  schema: {
    type: 'object',
    required: ['success', 'message', 'database'],
    properties: {
      success: { type: 'boolean', enum: [false] },
      message: { type: 'string', example: 'The database is unreachable.' },
      database: { type: 'string', enum: ['down'] },
    },
  },
};

type Readiness = SuccessEnvelope<{ status: 'ok'; database: 'up' }>;

@ApiTags('health')
@Public()
@WithoutFestivalSettings()
@Controller('health')
export class HealthController {
  constructor(private readonly database: DatabaseService) {}

  @Get('live')
  @ApiOperation({
    summary: 'Liveness: the process is up and answering',
    description: 'Never touches the database, so a database outage does not make a balancer restart the server. Not written to the request log.',
  })
  @ApiEnvelope({ description: 'The process is up.', payload: STATUS_OK })
  live(): SuccessEnvelope<{ status: 'ok' }> {
    return { success: true, status: 'ok' };
  }

  @Get('ready')
  @ApiOperation({
    summary: 'Readiness: the database answers within a second',
    description: 'Answers 503 with `database: "down"` when the database does not answer in time. Not written to the request log.',
  })
  @ApiEnvelope(READY)
  @ApiServiceUnavailableResponse(NOT_READY)
  ready(): Promise<Readiness> {
    return this.readiness();
  }

  /** Kept: monitors, the browser tests and the container's health check poll it. */
  @Get()
  @ApiOperation({ summary: 'Readiness, as /health/ready', description: 'The same answers as `GET /api/v1/health/ready`.' })
  @ApiEnvelope(READY)
  @ApiServiceUnavailableResponse(NOT_READY)
  check(): Promise<Readiness> {
    return this.readiness();
  }

  /** The 503 carries the database's state besides the envelope's message (and, as every 503, Retry-After). */
  private async readiness(): Promise<Readiness> {
    if (await this.database.isReachable(READINESS_TIMEOUT_MS)) return { success: true, status: 'ok', database: 'up' };
    throw new ServiceUnavailableException({ message: 'The database is unreachable.', details: { database: 'down' } });
  }
}
