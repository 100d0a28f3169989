import { AsyncLocalStorage } from 'node:async_hooks';

/** What every log line written while a request is handled carries: its id, as its request log line and the `x-request-id` header. */
interface RequestContext {
  requestId: string;
}

const context = new AsyncLocalStorage<RequestContext>();

/**
 * Runs the rest of a request's handling (Fastify's `done` of its first hook) with its id in
 * context, so every line a service logs for it, awaits and all, can name it.
 */
export function continueRequest(requestId: string, done: () => void): void {
  context.run({ requestId }, done);
}

/** Pino's `mixin`: the request's id on a line written while one is handled, nothing otherwise (start-up, jobs). */
export function requestLogMixin(): Partial<RequestContext> {
  const current = context.getStore();
  return current ? { requestId: current.requestId } : {};
}
