import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, getSchemaPath, type OpenAPIObject, type OperationObject, type ResponseObject, SwaggerModule } from '@nestjs/swagger';
import { SESSION_COOKIE, SESSION_SCHEME } from './common/access.decorators.js';
import { ErrorEnvelopeResponse, FieldErrorResponse } from './common/api-envelope.js';
import { CROSS_SITE_ANSWER, SAFE_METHODS } from './common/origin.guard.js';
import type { AppConfig } from './config/app-config.js';

/** Every tag an operation may name (`@ApiTags`), with what its routes are for. */
const TAGS: Record<string, string> = {
  accounts: 'Sign-up, e-mail verification, sign-in and sign-out, and passwords. The session is an httpOnly cookie.',
  admin: "Club administration: the super admin's invitations of club admins, clubs' events and their approval queues, the staff lists and roles.",
  audit: 'The record of every admin action, for the super admin.',
  certificates: 'What a certificate code stands for: open to anyone holding a certificate, to check it is genuine.',
  clubs: 'The clubs that run the events: listed for everyone, created, renamed, retired and brought back by the super admin.',
  events: "The festival's events with their seat counts; a signed-in student also sees their own registration.",
  festival: "The festival's name, days, registration window and about section for the home page, and its settings for the super admin.",
  health: 'Whether the server and its database can serve, for load balancers and monitors.',
  metrics: 'Prometheus metrics for the monitoring system, with METRICS_TOKEN as a bearer token; outside the /api/v1 prefix.',
  registrations: "Students' registrations for events.",
  teams: 'Teams of group events: forming one, invitations and their answers, registering a team, the bell.',
  users: 'Finding classmates to invite, and the list of every account.',
  waitlist: 'Giving a seat back, and the line for a full event: places, the seats offered to its head and their answers.',
};

/**
 * The OpenAPI document of the routes: the contract the API tests check answers against. Built
 * from the controllers' decorators alone, so it needs no database (see `api-document-cli.ts`).
 */
export function buildApiDocument(app: INestApplication, config: AppConfig): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle('Festival registration API')
    .setDescription(
      'Events, accounts and registrations of the campus festival. Every answer is a JSON envelope: ' +
        '`{ success: true, message?, ...payload }`, or `{ success: false, message, errors?: [{ field, message }] }` ' +
        'with an honest status. State-changing requests from a browser must come from the site itself (Origin check).',
    )
    .setVersion('1')
    .setLicense('Proprietary: all rights reserved by the institution', config.publicUrl.origin)
    // Relative: the server that serves the document (paths carry the /api/v1 prefix).
    .addServer('/', 'The server that serves this document')
    .addCookieAuth(
      SESSION_COOKIE,
      {
        type: 'apiKey',
        in: 'cookie',
        description:
          'The httpOnly session cookie that `POST /api/v1/user/signin` sets. Here, sign in with "Try it out": ' +
          'the browser keeps the cookie and sends it with the calls that follow.',
      },
      SESSION_SCHEME,
    );
  for (const [name, description] of Object.entries(TAGS)) builder.addTag(name, description);
  const base = builder.build();
  // The builder's setContact insists on an e-mail address; the festival's site is the contact.
  base.info.contact = { name: 'Festival organisers', url: config.publicUrl.origin };
  const document = SwaggerModule.createDocument(app, base, {
    extraModels: [ErrorEnvelopeResponse, FieldErrorResponse],
    operationIdFactory: (controller, method) => `${lowerFirst(controller.replace(/Controller$/, ''))}.${method}`,
  });
  completeErrorAnswers(document);
  return document;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const ERROR_CONTENT = { 'application/json': { schema: { $ref: getSchemaPath(ErrorEnvelopeResponse) } } };

const MALFORMED_JSON = 'The body is not well-formed JSON.';
const INVALID_FIELD = 'A field is not valid: `message` says the first problem, `errors` each field.';
const TOO_LARGE = 'The body is larger than 100 kB.';
const SERVER_FAILURE = 'Something failed on the server, or the database is unavailable (503); trying again later may succeed.';

/**
 * Adds to every operation the error answers that follow from the operation itself, so no
 * handler repeats them, and closes every object schema: requests refuse unknown fields and
 * answers are built field by field, so an extra property means the document is out of date.
 */
function completeErrorAnswers(document: OpenAPIObject): void {
  for (const pathItem of Object.values(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (!operation) continue;
      for (const [status, descriptions] of Object.entries(answersOf(method, operation))) {
        const existing = operation.responses[status] as ResponseObject | undefined;
        const description = [existing?.description, ...descriptions].filter(Boolean).join('\n\n');
        operation.responses[status] = { ...existing, description, content: ERROR_CONTENT };
      }
    }
  }
  for (const schema of Object.values(document.components?.schemas ?? {})) {
    if ('properties' in schema && schema.additionalProperties === undefined) schema.additionalProperties = false;
  }
}

/** What the body parser, the validation pipe, the Origin check and the error filter can answer. */
function answersOf(method: string, operation: OperationObject): Record<string, string[]> {
  const takesInput = Boolean(operation.requestBody || operation.parameters?.length);
  return {
    '400': takesInput ? [MALFORMED_JSON, INVALID_FIELD] : [MALFORMED_JSON],
    ...(SAFE_METHODS.has(method.toUpperCase()) ? {} : { '403': [CROSS_SITE_ANSWER] }),
    '413': [TOO_LARGE],
    '5XX': [SERVER_FAILURE],
  };
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
