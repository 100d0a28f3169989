import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type { Type } from '@nestjs/common';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import { useContainer } from 'class-validator';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { Logger, PinoLogger } from 'nestjs-pino';
import { buildApiDocument } from './api-document.js';
import { CommonModule, INJECTED_CONSTRAINTS } from './common/common.module.js';
import { genericEnvelope } from './common/envelope.filter.js';
import { IMAGE_TYPES } from './common/image-facts.js';
import { inlineScriptSources } from './common/inline-scripts.js';
import { parseJsonBody } from './common/json-body.js';
import { recordMetrics } from './common/metrics.js';
import { continueRequest } from './common/request-context.js';
import { logRequests } from './common/request-log.js';
import { requestsInFlight } from './common/requests-in-flight.js';
import { COMPRESSION_THRESHOLD_BYTES } from './common/shared-body.js';
import { withQuietFramework } from './common/startup-logger.js';
import type { AppConfig } from './config/app-config.js';

export const API_PREFIX = 'api/v1';
/** The API's routes are under its prefix; Prometheus scrapes `/metrics`, where it looks by default. */
export const OUTSIDE_API_PREFIX = { exclude: ['metrics'] };
const CLIENT_DIR = fileURLToPath(new URL('../../frontend/dist', import.meta.url));
/** The largest request body (413 above it); no form of ours comes near it. */
const BODY_LIMIT_BYTES = 100 * 1024;

/** Options for `NestFactory.create` and `createNestApplication`: the JSON parser is ours (see `configureApp`). */
export const APPLICATION_OPTIONS = { bufferLogs: true, bodyParser: false } as const;

/**
 * The HTTP layer: Fastify (see docs/decisions.md). Behind a load balancer the client's address
 * (for throttling) is in X-Forwarded-For, believed for `TRUST_PROXY` hops.
 */
export function createHttpAdapter(config: AppConfig): FastifyAdapter {
  const adapter = new FastifyAdapter({
    trustProxy: trustedHops(config.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: requestId,
    // A URL the router cannot decode (a broken percent escape) is refused before any hook runs.
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      const status = error.statusCode ?? 400;
      void reply.code(status).send(genericEnvelope(status));
    },
  });
  // The request log's id goes back to the caller, so a report can name the request, and every
  // line logged while the request is handled carries it (`common/request-context.ts`).
  adapter.getInstance().addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    continueRequest(request.id, done);
  });
  // Fastify would not read a GET's body at all; read, it is held to the same rules as any other
  // (a route that takes no body refuses its fields by name), as before the move to Fastify.
  adapter.getInstance().addHttpMethod('GET', { hasBody: true, overrideExisting: true });
  return adapter;
}

const REQUEST_ID = /^[\w.-]{1,64}$/;

/** Reuses a well-formed id from a proxy so one request can be followed across systems. */
function requestId(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * The nearest `hops` addresses (the socket's, then X-Forwarded-For from the right) are proxies of
 * ours. Fastify trusts nothing for a bare number, since it cannot tell who connected; the
 * operator who sets TRUST_PROXY states exactly that, so the count is given as a function.
 */
function trustedHops(hops: number): ((address: string, hop: number) => boolean) | false {
  return hops > 0 && ((_address, hop) => hop < hops);
}

/**
 * Everything an HTTP application needs besides its modules, shared by the server and the
 * API tests so both exercise the same stack.
 */
export async function configureApp(app: NestFastifyApplication, config: AppConfig, clientDir = CLIENT_DIR): Promise<void> {
  app.useLogger(withQuietFramework(app.get(Logger)));
  logRequests(app.getHttpAdapter().getInstance(), PinoLogger.root);
  if (config.metricsToken) recordMetrics(app.getHttpAdapter().getInstance());
  requestsInFlight.track(app.getHttpAdapter().getInstance());
  // class-validator asks its container for every constraint of every field at every validation.
  // Only our injected constraints (@IsInstitutionEmail reads the configuration) come from Nest;
  // the built-in ones go straight to class-validator's own container, since a failed lookup in
  // Nest's would throw, and capture a stack, on every field of every request.
  const common = app.select(CommonModule);
  useContainer(
    { get: (constraint: Type<unknown>) => (INJECTED_CONSTRAINTS.has(constraint) ? common.get<unknown, unknown>(constraint) : undefined) },
    { fallback: true },
  );
  // JSON, and images for the routes that take one: any other body type is answered 415 before a guard runs (the input guard says the same).
  app.useBodyParser('application/json', { bodyLimit: BODY_LIMIT_BYTES }, parseJsonBody);
  // An image's bytes, as they came, for the routes that take one (`@ImageBody()`); the input guard refuses them anywhere else.
  for (const type of IMAGE_TYPES) app.useBodyParser(type, { bodyLimit: BODY_LIMIT_BYTES }, (_request, body: Buffer, done) => done(null, body));
  await app.register(fastifyCookie);
  const securityHeaders = helmetHeaders(helmetOptions(clientDir));
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (_request, reply, done) => {
      for (const [name, value] of securityHeaders) reply.raw.setHeader(name, value);
      done();
    });
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: COMPRESSION_THRESHOLD_BYTES, syncThreshold: SYNC_COMPRESSION_MAX_BYTES });
  app.setGlobalPrefix(API_PREFIX, OUTSIDE_API_PREFIX);
  setUpApiDocs(app, config);
  await serveClient(app, clientDir);
  app.enableShutdownHooks(['SIGTERM', 'SIGINT'], { useProcessExit: true });
}

/**
 * Answers made for one request (a signed-in student's 32 kB event list above all) up to this size
 * are compressed in one synchronous call instead of a stream of their own: the plugin's default
 * ceiling on two cores (8 kB) sent the list through a stream, 0.7 ms of CPU per request against
 * about 0.25 ms for the call (docs/performance.md). Bigger answers hold the event loop too long.
 */
const SYNC_COMPRESSION_MAX_BYTES = 64 * 1024;

/**
 * Helmet's options. Scripts stay same-origin, except the client page's own inline scripts (its
 * pre-paint theme setter), allowed by their hashes; Swagger UI and the client's bundled styles set
 * inline styles. `'wasm-unsafe-eval'` lets the door's scanner compile its QR reader, a WebAssembly
 * file served from this origin, without allowing JavaScript's eval. The camera needs nothing:
 * helmet sends no Permissions-Policy, so the page's own origin may ask for it.
 */
function helmetOptions(clientDir: string): HelmetOptions {
  const page = join(clientDir, 'index.html');
  const pageScripts = existsSync(page) ? inlineScriptSources(readFileSync(page, 'utf8')) : [];
  return {
    contentSecurityPolicy: {
      directives: {
        'script-src': ["'self'", "'wasm-unsafe-eval'", ...pageScripts],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'upgrade-insecure-requests': null,
      },
    },
  };
}

/**
 * Helmet's headers, computed once: they depend on the options only, yet `@fastify/helmet` built
 * helmet's middleware anew on every request (about 2 % of the server's CPU in the bench). Its
 * other step, removing `X-Powered-By`, has nothing to do here: Fastify sends none.
 */
function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = { setHeader: (name: string, value: string) => headers.push([name, value]), removeHeader: () => undefined };
  // Helmet throws on options it refuses; its callback only says it is done.
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * Listens on every address, IPv6 and IPv4 alike, as Node's own default does (Fastify's is the
 * loopback only); on a host without IPv6, on every IPv4 address.
 */
export async function listen(app: NestFastifyApplication, port: number): Promise<void> {
  try {
    await app.listen(port, '::');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EAFNOSUPPORT') throw error;
    await app.listen(port, '0.0.0.0');
  }
}

function setUpApiDocs(app: NestFastifyApplication, config: AppConfig): void {
  SwaggerModule.setup('api/docs', app, buildApiDocument(app, config), { jsonDocumentUrl: 'api/docs-json' });
}

/**
 * The built client: each file under its own route (an unknown path never touches the disk),
 * brotli or gzip from the `.br`/`.gz` files built beside it, and client-side routes answered by
 * the index page.
 */
async function serveClient(app: NestFastifyApplication, clientDir: string): Promise<void> {
  if (!existsSync(join(clientDir, 'index.html'))) return;
  await app.register(fastifyStatic, { root: clientDir, wildcard: false, index: false, preCompressed: true, setHeaders: cachePolicy });
  app
    .getHttpAdapter()
    .getInstance()
    .get('/*', (request: FastifyRequest, reply: FastifyReply) => {
      if (request.url.startsWith('/api/') || !acceptsHtml(request.headers.accept)) {
        reply.callNotFound();
        return;
      }
      const data = pageDataPreload(request.url);
      if (data) void reply.header('Link', data);
      void reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    });
}

const EVENT_PAGE = /^\/event\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:[?#]|$)/i;

/**
 * The data a page cannot show itself without, asked for with the page: the browser starts reading
 * an event page's event while the script that will ask for it is still on its way, and the
 * script's request (same address, credentials included, as the client's base query sends it)
 * takes that answer instead of going to the network again.
 */
function pageDataPreload(url: string): string | undefined {
  const eventId = EVENT_PAGE.exec(url)?.[1];
  return eventId ? `</${API_PREFIX}/events/${eventId}>; rel=preload; as=fetch; crossorigin=use-credentials` : undefined;
}

/** Vite's hashed bundles never change under their name; everything else is revalidated. */
function cachePolicy(reply: FastifyReply, path: string): void {
  const hashed = /[\\/]assets[\\/]/.test(path);
  reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/** Whether a page (rather than JSON) is wanted: HTML ranks at least as high as JSON, or nothing is said. */
function acceptsHtml(accept: string | undefined): boolean {
  if (!accept) return true;
  const ranges = new Map(
    accept.split(',').map((part) => {
      const [range = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
      const q = parameters.find((parameter) => parameter.startsWith('q='));
      return [range, q === undefined ? 1 : Number(q.slice(2)) || 0];
    }),
  );
  // The most specific range that names the type decides its quality.
  const quality = (type: string) => ranges.get(type) ?? ranges.get(`${type.split('/')[0]}/*`) ?? ranges.get('*/*') ?? 0;
  const html = quality('text/html');
  return html > 0 && html >= quality('application/json');
}
