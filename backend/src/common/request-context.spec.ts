import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { loadConfig } from '../config/app-config.js';
import { createHttpAdapter } from '../configure-app.js';
import { requestLogMixin } from './request-context.js';

describe("a request's id on its log lines", () => {
  it('is on every line a handler logs, after awaits and in parallel requests, and on no line outside a request', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ mixin: requestLogMixin }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
    const fastify = createHttpAdapter(loadConfig({ NODE_ENV: 'test' })).getInstance();
    fastify.get('/work', async (request) => {
      logger.info({ route: request.url }, 'started');
      await sleep(Math.random() * 20);
      logger.info({ route: request.url }, 'done');
      return {};
    });
    await fastify.ready();
    logger.info('before any request');

    const answers = await Promise.all(
      ['caller-one', 'caller-two', undefined].map((id) => fastify.inject({ url: '/work', headers: id ? { 'x-request-id': id } : {} })),
    );

    const ids = answers.map((answer) => answer.headers['x-request-id']);
    expect(ids.slice(0, 2)).toEqual(['caller-one', 'caller-two']);
    for (const id of ids) {
      expect(lines.filter((line) => line.requestId === id).map((line) => line.msg)).toEqual(['started', 'done']);
    }
    expect(lines.find((line) => line.msg === 'before any request')).not.toHaveProperty('requestId');
    await fastify.close();
  });
});
