import { createHash, timingSafeEqual } from 'node:crypto';
import { Controller, Get, Headers, Inject, NotFoundException, Res, UnauthorizedException } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../common/access.decorators.js';
import { ApiErrorResponse } from '../common/api-envelope.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { WithoutFestivalSettings } from '../settings/festival-settings.decorator.js';
import { MetricsService } from './metrics.service.js';

/** The same length whatever the token, so the comparison says nothing about it. */
function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * Prometheus's scrape, outside the API's prefix as Prometheus expects. Not for people: no
 * session opens it, only `Authorization: Bearer METRICS_TOKEN`; with no token set, metrics are
 * off and the route is not there (404).
 */
@ApiTags('metrics')
@Public()
@WithoutFestivalSettings()
@Controller('metrics')
export class MetricsController {
  private readonly expected: Buffer | undefined;

  constructor(
    private readonly metrics: MetricsService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.expected = config.metricsToken === undefined ? undefined : digest(`Bearer ${config.metricsToken}`);
  }

  @Get()
  @ApiOperation({
    summary: 'Metrics in Prometheus text format, for the monitoring system',
    description: 'Requests, registrations, seats left, the database pool, the outbox, jobs, live streams and the runtime. See docs/operations.md.',
  })
  @ApiHeader({ name: 'Authorization', description: '`Bearer` and the METRICS_TOKEN the server was started with.', required: true })
  @ApiResponse({ status: 200, description: 'The metrics.', content: { 'text/plain': { schema: { type: 'string' } } } })
  @ApiErrorResponse(401, 'No token, or not the METRICS_TOKEN.')
  @ApiErrorResponse(404, 'Metrics are off: METRICS_TOKEN is not set.')
  async scrape(@Headers('authorization') authorization: string | undefined, @Res() reply: FastifyReply): Promise<void> {
    if (!this.expected) throw new NotFoundException('Not Found');
    if (!timingSafeEqual(digest(authorization ?? ''), this.expected)) {
      void reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new UnauthorizedException('The metrics need their token.');
    }
    const body = await this.metrics.scrape();
    await reply.header('Content-Type', this.metrics.contentType).header('Cache-Control', 'no-store').send(body);
  }
}
