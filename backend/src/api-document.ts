import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { SESSION_COOKIE, SESSION_SCHEME } from './common/access.decorators.js';
import { completeErrorAnswers, ErrorEnvelopeResponse, FieldErrorResponse } from './common/api-envelope.js';
import type { AppConfig } from './config/app-config.js';

/** Every tag an operation may name (`@ApiTags`), with what its routes are for. */
const TAGS: Record<string, string> = {
  accounts: 'Sign-up, e-mail verification, sign-in and sign-out, and passwords. The session is an httpOnly cookie.',
  events: "The festival's events with their seat counts; a signed-in student also sees their own registration.",
  festival: "The festival's dates and facts for the home page.",
  health: 'Whether the server and its database can serve, for load balancers and monitors.',
  registrations: "Students' registrations for events.",
  users: 'Finding classmates to invite, and the list of every account.',
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

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
