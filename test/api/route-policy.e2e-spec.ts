import type { IncomingMessage } from 'node:http';
import type { OperationObject, ParameterObject, ResponseObject } from '@nestjs/swagger';
import request from 'supertest';
import { SessionsService } from '../../backend/src/auth/sessions.service';
import { SESSION_COOKIE } from '../../backend/src/common/access.decorators';
import type { AppConfig } from '../../backend/src/config/app-config';
import { APP_CONFIG } from '../../backend/src/config/config.module';
import { registrations } from '../../backend/src/database/schema/registrations';
import type { UserRow } from '../../backend/src/database/schema/users';
import { DEFAULT_RATE_LIMITS } from '../../backend/src/throttling/rate-limit.decorator';
import { createUser } from './support/accounts';
import { type ApiContract, fillPath, loadApiContract, pathParameters } from './support/api-contract';
import { expectError } from './support/expectations';
import { createEvent } from './support/factories';
import { type Fixtures, METRICS_TOKEN, type Role, ROLES, ROUTE_POLICIES } from './support/route-policies';
import { resetDatabase, startApp, type TestApp } from './support/test-app';

/** Inside the default festival's registration window, so an allowed registration goes through. */
const DURING_REGISTRATION = new Date('2025-08-20T10:00:00+05:30');
const OWN_CLUB = 'Tech Club';
/** No request of this suite is throttled: a 429 would hide the verdict. */
const UNLIMITED = Object.fromEntries(Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, { limit: 1_000_000, windowSeconds: 60 }]));
/** Path parameter values that are well-formed and name nothing. */
const DUMMIES: Record<string, string> = { uuid: '00000000-0000-4000-8000-000000000000', other: 'A'.repeat(43) };

describe('every route answers every role as its policy says', () => {
  let t: TestApp;
  let contract: ApiContract;
  let origin: string;
  let event: Fixtures['event'];
  let callers: Record<Exclude<Role, 'visitor'>, UserRow>;

  beforeAll(async () => {
    t = await startApp({ metricsToken: METRICS_TOKEN }, { now: DURING_REGISTRATION, rateLimits: UNLIMITED });
    await resetDatabase(t.db);
    contract = await loadApiContract(t);
    origin = t.app.get<AppConfig>(APP_CONFIG).publicUrl.origin;
    event = await createEvent(t.db, { clubInCharge: OWN_CLUB });
    callers = {
      student: await createUser(t),
      ownClubAdmin: await createUser(t, { role: 'admin', club: OWN_CLUB }),
      otherClubAdmin: await createUser(t, { role: 'admin', club: 'Arts Club' }),
      superAdmin: await createUser(t, { role: 'superadmin' }),
    };
  });
  afterAll(() => t.close());

  it('has a policy for every operation of the API document, and none for an operation it lacks', () => {
    const documented = contract.operations().map((operation) => operation.key);
    const withoutPolicy = documented.filter((key) => !(key in ROUTE_POLICIES));
    const withoutOperation = Object.keys(ROUTE_POLICIES).filter((key) => !documented.includes(key));
    expect({ withoutPolicy, withoutOperation }).toEqual({ withoutPolicy: [], withoutOperation: [] });
  });

  /** A fresh session each time, so a sign-out or a password change never affects another call. */
  async function sessionOf(role: Role): Promise<Record<string, string>> {
    if (role === 'visitor') return {};
    const token = await t.app.get(SessionsService).start(callers[role].id, {});
    return { Cookie: `${SESSION_COOKIE}=${token}` };
  }

  async function call(key: string, role: Role) {
    const { method, path, operation } = contract.operation(key);
    const caller = role === 'visitor' ? undefined : callers[role];
    const newEvent = () => createEvent(t.db, { clubInCharge: OWN_CLUB });
    const ticketCode = async () => {
      const [registration] = await t.db
        .insert(registrations)
        .values({ eventId: event.id, userId: (await createUser(t)).id, status: 'approved' })
        .returning();
      return registration.ticketCode;
    };
    const given = (await ROUTE_POLICIES[key].request?.({ caller, event, newEvent, ticketCode })) ?? {};
    const params = Object.fromEntries(pathParameters(operation).map((parameter) => [parameter.name, given.params?.[parameter.name] ?? dummyFor(parameter)]));
    // Sent from the site itself, so the Origin check passes and only access decides.
    const sent = request(t.http)
      [method](fillPath(path, params))
      .set({ Origin: origin, ...(await sessionOf(role)) })
      .query(given.query ?? {});
    // A stream never ends on its own: its answer is judged by its status and first message.
    // (superagent hands a parser Node's own response, which its types call by its own Response.)
    if (isStream(operation)) void sent.buffer(true).parse(untilFirstMessage as unknown as Parameters<typeof sent.parse>[0]);
    return given.body ? sent.send(given.body) : sent;
  }

  describe.each(Object.entries(ROUTE_POLICIES))('%s', (key, policy) => {
    it.each(ROLES)('as %s', async (role) => {
      const response = await call(key, role);
      const verdict = policy[role];
      if (verdict === 'allowed') {
        const refused = response.status === 401 || response.status === 403;
        expect({ refused, status: response.status, body: response.body }).toMatchObject({ refused: false });
      } else {
        expectError(response, verdict, /\S/);
      }
      contract.expectAnswer(key, response);
    });
  });
});

function isStream(operation: OperationObject): boolean {
  const content = (operation.responses['200'] as ResponseObject | undefined)?.content;
  return content !== undefined && 'text/event-stream' in content;
}

/** Reads a server-sent stream up to its first message, then hangs up; any other answer (a refusal) whole, as JSON. */
function untilFirstMessage(response: IncomingMessage, done: (error: Error | null, body: unknown) => void): void {
  let text = '';
  const streaming = response.headers['content-type']?.startsWith('text/event-stream') === true;
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    text += chunk;
    if (streaming && text.includes('\n\n')) {
      response.destroy();
      done(null, text);
    }
  });
  response.on('end', () => done(null, streaming ? text : JSON.parse(text)));
}

function dummyFor(parameter: ParameterObject): string {
  const format = (parameter.schema as { format?: string } | undefined)?.format;
  return format === 'uuid' ? DUMMIES.uuid : DUMMIES.other;
}
