import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/access.decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import type { SuccessEnvelope } from '../common/envelope.js';
import { DatabaseService } from '../database/database.service.js';

@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly database: DatabaseService) {}

  @Get()
  @ApiOperation({
    summary: 'Liveness and database reachability, for load balancers and monitors',
    description: 'Answers 200 while a round trip to the database succeeds, 503 otherwise. Not written to the request log.',
  })
  @ApiEnvelope({
    description: 'The server and its database are up.',
    payload: { status: { type: 'string', enum: ['ok'] }, database: { type: 'string', enum: ['up'] } },
    errors: { 503: 'The database is unreachable.' },
  })
  async check(): Promise<SuccessEnvelope<{ status: 'ok'; database: 'up' }>> {
    if (!(await this.database.isReachable())) throw new ServiceUnavailableException('The database is unreachable.');
    return { success: true, status: 'ok', database: 'up' };
  }
}
