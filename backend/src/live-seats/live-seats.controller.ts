import type { ServerResponse } from 'node:http';
import { Controller, Get, Ip, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/access.decorators.js';
import { ApiErrorResponse } from '../common/api-envelope.js';
import { LiveSeatsService } from './live-seats.service.js';

/**
 * What the stream needs of its reply: taken over from the framework (`hijack`), so no hook that
 * runs on a sent answer (compression, the envelope) holds it back, and written to directly.
 */
interface StreamReply {
  hijack(): void;
  /** The headers the framework's hooks set so far (the request id). */
  getHeaders(): Record<string, number | string | string[] | undefined>;
  raw: ServerResponse;
}

const STREAM_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  // Never stored, and never held back by a proxy that buffers answers (nginx honours the second).
  'Cache-Control': 'no-cache',
  'X-Accel-Buffering': 'no',
  Connection: 'keep-alive',
};

const STREAM_DESCRIPTION = [
  'Open to everyone; one stream per page. Server-sent events, each a JSON object on one `data` line:',
  '',
  '- first `event: snapshot`, every event\'s seats: `[{ "id", "maxApplications", "actualSeatsTaken", "availableSeats" }]`',
  '  (the fields of an event answer of the same names: `availableSeats` = capacity − taken − held for the waitlist, null when unlimited);',
  '- then `event: seats`, one event\'s seats `{ "id", "maxApplications", "actualSeatsTaken", "availableSeats" }` each time they change;',
  '- a comment line (`: keep-alive`) every 25 s.',
  '',
  'The seats are read from the database every `SEAT_STREAM_INTERVAL_MS` (1 s) while anyone watches, so every instance agrees.',
  'An instance keeps at most `SEAT_STREAM_MAX_CLIENTS` (5000) streams open, at most `SEAT_STREAM_MAX_PER_CLIENT` (500) from one client address; beyond them, and once it shuts down, it answers 503.',
  'Uncompressed, never cached.',
].join('\n');

@ApiTags('events')
@Public()
@Controller('events/seats')
export class LiveSeatsController {
  constructor(private readonly seats: LiveSeatsService) {}

  @Get('stream')
  @ApiOperation({ summary: "Every event's seats, live", description: STREAM_DESCRIPTION })
  @ApiProduces('text/event-stream')
  @ApiResponse({ status: 200, description: 'The stream, open until the page leaves.', content: { 'text/event-stream': { schema: { type: 'string' } } } })
  @ApiErrorResponse(
    503,
    'No stream is opened: the instance is shutting down, holds `SEAT_STREAM_MAX_CLIENTS` streams, or the client address holds `SEAT_STREAM_MAX_PER_CLIENT`. The page polls meanwhile.',
    { 'Retry-After': { description: 'Seconds before trying again', schema: { type: 'integer', minimum: 1 } } },
  )
  stream(@Ip() address: string, @Res() reply: StreamReply): void {
    this.seats.watch(address, () => {
      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, { ...reply.getHeaders(), ...STREAM_HEADERS });
      // The page learns it is connected now, not with the first seats.
      response.flushHeaders();
      return response;
    });
  }
}
