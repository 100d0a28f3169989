import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * What an operator watches during a rush, in Prometheus's format (`GET /metrics`, see
 * `metrics/`). The instruments are the process's own: created once when this file loads, so
 * every application in a process (the tests start several) adds to the same counters. Counting
 * a registration or a job's run costs nothing worth saving; timing every request and sampling
 * the runtime happen only while metrics are on (`METRICS_TOKEN` set, `recordMetrics`).
 */
export const metricsRegistry = new Registry();

/** Per route as the router knows it (`/api/v1/events/:id`), so ids never multiply the series. */
const httpRequestSeconds = new Histogram({
  name: 'festival_http_request_duration_seconds',
  help: 'Time from receiving a request to its answer, by method, route pattern and status code.',
  labelNames: ['method', 'route', 'status'] as const,
  // From a cached list (about 1 ms) to the database's statement timeout (5 s).
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

export const registrationOutcomes = new Counter({
  name: 'festival_registrations_total',
  help: 'Registration requests answered: "taken" (a seat, or a place awaiting approval) or "refused" (full, closed, already registered).',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

export const jobRuns = new Counter({
  name: 'festival_job_runs_total',
  help: 'Runs of each scheduled job by outcome: "done", or "failed" (its error is in the log). A job paused by a database outage logs one warning and counts as done.',
  labelNames: ['job', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const jobSeconds = new Histogram({
  name: 'festival_job_duration_seconds',
  help: 'How long each scheduled job ran.',
  labelNames: ['job'] as const,
  buckets: [0.01, 0.05, 0.25, 1, 5, 30, 120],
  registers: [metricsRegistry],
});

/** Read when scraped (`metrics/metrics.service.ts`): what the product holds right now. */
export const seatsLeft = gauge('festival_event_seats_left', 'Seats anyone may still take, per event with a limit.', ['event']);
export const outboxPending = gauge('festival_outbox_pending', 'E-mails waiting in the outbox to be delivered (retries included).');
export const outboxOldestPendingSeconds = gauge('festival_outbox_oldest_pending_seconds', 'Age of the oldest e-mail still waiting (0 when none waits).');
export const outboxGivenUp = gauge('festival_outbox_given_up', 'E-mails never delivered: refused, or out of attempts.');
export const seatStreamsOpen = gauge('festival_seat_streams_open', 'Live seat streams this instance holds open.');
export const databasePoolConnections = gauge('festival_database_pool_connections', 'PostgreSQL pool connections by state: "in_use", "idle".', ['state']);
export const databasePoolWaiting = gauge('festival_database_pool_waiting', 'Queries waiting for a PostgreSQL pool connection.');

function gauge<T extends string>(name: string, help: string, labelNames: readonly T[] = []): Gauge<T> {
  return new Gauge({ name, help, labelNames, registers: [metricsRegistry] });
}

let sampling = false;

/**
 * Turns metrics on for the process: Node's own (event-loop lag, heap, garbage collection, open
 * handles) start being sampled, and every answered request is timed from a Fastify hook, as the
 * request log is (`request-log.ts`). Each application's hook is its own; the process's sampling
 * starts once.
 */
export function recordMetrics(fastify: FastifyInstance): void {
  if (!sampling) collectDefaultMetrics({ register: metricsRegistry });
  sampling = true;
  fastify.addHook('onResponse', (request, reply, done) => {
    seriesOf(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode).observe(reply.elapsedTime / 1000);
    done();
  });
}

type RequestSeries = ReturnType<typeof httpRequestSeconds.labels>;
/** Each (method, route, status)'s series, found once: prom-client would hash the labels anew on every request. */
const requestSeries = new Map<string, RequestSeries>();

function seriesOf(method: string, route: string, status: number): RequestSeries {
  const key = `${method} ${route} ${status}`;
  let series = requestSeries.get(key);
  if (!series) {
    series = httpRequestSeconds.labels(method, route, String(status));
    requestSeries.set(key, series);
  }
  return series;
}
