import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { Public } from '../common/access.decorators.js';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { DatabaseService } from '../database/database.service.js';

@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly database: DatabaseService) {}

  @Get()
  @ApiOperation({ summary: 'Liveness and database reachability, for load balancers and monitors' })
  async check() {
    if (!(await this.database.isReachable())) throw new ServiceUnavailableException('The database is unreachable.');
    return { success: true, status: 'ok', database: 'up' };
  }
}
