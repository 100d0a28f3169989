import type { FastifyInstance } from 'fastify';

/** The live seat stream stays open for as long as a page shows it: a visitor reading, not work in flight. */
const LONG_LIVED = /^\/api\/v1\/events\/seats\/stream(\?|$)/;

/**
 * How many requests this process is answering right now (the seat streams aside): what tells the
 * background work (the outbox's bulk e-mail) that people are waiting on the server.
 */
class RequestsInFlight {
  private count = 0;

  /** Counts each request from its first hook until its response is done or its connection gone. */
  track(fastify: FastifyInstance): void {
    fastify.addHook('onRequest', (request, reply, done) => {
      if (!LONG_LIVED.test(request.url)) {
        this.count += 1;
        reply.raw.once('close', () => (this.count -= 1));
      }
      done();
    });
  }

  get current(): number {
    return this.count;
  }
}

/** One per process, as the event loop the requests share is. */
export const requestsInFlight = new RequestsInFlight();
