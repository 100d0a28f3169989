import { sql } from 'drizzle-orm';
import request, { type Response } from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import type { AppConfig } from '../../backend/src/config/app-config';
import { APP_CONFIG } from '../../backend/src/config/config.module';
import { DEFAULT_RATE_LIMITS } from '../../backend/src/throttling/rate-limit.decorator';
import { createUser, signedIn } from './support/accounts';
import { createEvent } from './support/factories';
import { resetDatabase, startApp, type TestApp } from './support/test-app';

/**
 * Hostile input on every operation the API document lists, read from the running app, so a
 * route added tomorrow is fuzzed without touching this file. Every request must be answered
 * below 500 in the envelope, and none may change the database.
 */

interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  example?: unknown;
  items?: Schema;
  properties?: Record<string, Schema>;
}
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface ApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** JSON text of a value nested `levels` deep, written as text (a JS value that deep would overflow JSON.stringify). */
const nestedJson = (levels: number, open: string, close: string) => `${open.repeat(levels)}1${close.repeat(levels)}`;

/** Refused whatever the field, by the input guard; sent with valid neighbours so the request could reach a service. */
const ALWAYS_REFUSED: Record<string, string> = {
  'an object nested 5,000 levels': nestedJson(5000, '{"a":', '}'),
  'an array nested 5,000 levels': nestedJson(5000, '[', ']'),
  'a 90,000-character string': JSON.stringify('x'.repeat(90_000)),
  'an array of 5,000 entries': JSON.stringify(Array.from({ length: 5000 }, () => 'x')),
  'a NUL character': JSON.stringify('a\u0000b@campus.ac.in'),
  'a bell and an escape': JSON.stringify('\u0007\u001b[2J'),
  'DEL and a C1 control': JSON.stringify('a\u007f\u0085b'),
  'a lone surrogate': '"a\\ud800b"',
  'a __proto__ key': '{"__proto__":{"isAdmin":true}}',
  'a constructor.prototype key': '{"constructor":{"prototype":{"isAdmin":true}}}',
};

/** Wrong types and odd text: valid for some fields, so sent alone (any other required field missing). */
const ODD_VALUES: Record<string, string> = {
  zero: '0',
  'a negative number': '-1',
  'a huge number': '1e308',
  true: 'true',
  false: 'false',
  null: 'null',
  'an empty array': '[]',
  'an array of a string': '["a"]',
  'an empty object': '{}',
  'an object': '{"a":"b"}',
  emoji: JSON.stringify('👩🏽‍💻😀'),
  'an RTL override': JSON.stringify('\u202eabc@campus.ac.in'),
  'a zero-width joiner': JSON.stringify('a\u200db'),
  'stacked combining marks': JSON.stringify('e\u0301\u0301\u0301\u0301'),
  'SQL-looking text': JSON.stringify("' OR 1=1 --"),
  'LIKE wildcards': JSON.stringify('%_%'),
  'a newline': JSON.stringify('a\nb'),
};

/** Whether the value is simply right for the field: a boolean for a boolean. */
const isValidBoolean = (schema: Schema | undefined, value: string) => schema?.type === 'boolean' && (value === 'true' || value === 'false');

/** Query and path values, percent-encoded as a URL carries them. */
const URL_VALUES: Record<string, string> = {
  'a NUL character': '%00',
  'a bell': '%07',
  'a C1 control': '%C2%85',
  'a newline': 'a%0Ab',
  'a lone surrogate (invalid UTF-8)': '%ED%A0%80',
  'a broken percent escape': '%E0%A4%A',
  'a 10,001-character string': 'x'.repeat(10_001),
  emoji: encodeURIComponent('👩🏽‍💻'),
  'an RTL override': encodeURIComponent('\u202eabc'),
  'a zero-width joiner': encodeURIComponent('a\u200db'),
  'combining marks': encodeURIComponent('e\u0301\u0301'),
  'SQL-looking text': encodeURIComponent("' OR 1=1 --"),
  'a path traversal': '..%2F..%2Fetc%2Fpasswd',
};

/** Whole bodies every operation must refuse, whatever it expects. */
const HOSTILE_BODIES: { name: string; contentType: string; body: string; status: number }[] = [
  { name: 'malformed JSON', contentType: 'application/json', body: '{"email":', status: 400 },
  { name: 'JSON with a trailing comma', contentType: 'application/json', body: '{"a":1,}', status: 400 },
  { name: 'a JSON string instead of an object', contentType: 'application/json', body: '"text"', status: 400 },
  { name: 'a JSON list instead of an object', contentType: 'application/json', body: '[{"a":1}]', status: 400 },
  { name: 'a __proto__ body', contentType: 'application/json', body: '{"__proto__":{"isAdmin":true}}', status: 400 },
  { name: 'a deeply nested body', contentType: 'application/json', body: nestedJson(20_000, '[', ']'), status: 400 },
  { name: 'a 200 kB body', contentType: 'application/json', body: JSON.stringify({ a: 'x'.repeat(200_000) }), status: 413 },
  { name: 'a plain-text body', contentType: 'text/plain', body: 'email=a@campus.ac.in', status: 415 },
  { name: 'a form-encoded body', contentType: 'application/x-www-form-urlencoded', body: 'email=a%40campus.ac.in&password=x', status: 415 },
  { name: 'JSON in Latin-1', contentType: 'application/json; charset=latin1', body: '{"a":"\u00e9"}', status: 415 },
];

/** Texts that would show a parser's or router's insides instead of the product's words. */
const INTERNALS = /Unexpected (token|end)|at position|Cannot (GET|POST|PUT|PATCH|DELETE) \/|entity|charset "|stack|Error:/i;

// Each test sends thousands of requests, one after another; on the embedded database, with other
// suites running beside it, that takes minutes, not the default's seconds.
jest.setTimeout(600_000);

describe('hostile input on every operation of the API document', () => {
  let t: TestApp;
  let document: ApiDocument;
  let origin: string;
  let student: TestAgent;
  let eventId: string;
  let before: Record<string, string>;
  const failures: string[] = [];

  beforeAll(async () => {
    // Raised limits, so validation rather than throttling answers every request.
    const unthrottled = Object.fromEntries(Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, { limit: 1e9, windowSeconds: 60 }]));
    t = await startApp({}, { rateLimits: unthrottled });
    await resetDatabase(t.db);
    origin = t.app.get<AppConfig>(APP_CONFIG).publicUrl.origin;
    eventId = (await createEvent(t.db, { name: 'Fuzz Quiz' })).id;
    await createUser(t, { name: 'Meera Krishnan' });
    student = await signedIn(t, await createUser(t, { name: 'Fuzz Student' }));
    document = (await request(t.http).get('/api/docs-json').expect(200)).body as ApiDocument;
    before = await snapshot(t);
  });
  afterAll(() => t.close());

  function operations(): { method: (typeof METHODS)[number]; path: string; operation: Operation }[] {
    return Object.entries(document.paths).flatMap(([path, item]) =>
      METHODS.filter((method) => item[method]).map((method) => ({ method, path, operation: item[method] })),
    );
  }

  function resolve(schema: Schema | undefined): Schema | undefined {
    if (!schema?.$ref) return schema;
    return document.components?.schemas?.[schema.$ref.split('/').pop()!];
  }

  /** A value the document says the field takes, to surround the hostile one with. */
  function example(schema: Schema | undefined): unknown {
    const resolved = resolve(schema);
    if (resolved?.example !== undefined) return resolved.example;
    if (resolved?.enum) return resolved.enum[0];
    if (resolved?.format === 'uuid') return eventId;
    if (resolved?.type === 'number' || resolved?.type === 'integer') return 1;
    if (resolved?.type === 'boolean') return true;
    if (resolved?.type === 'array') return [];
    return 'Secret@123';
  }

  function pathWith(path: string, parameters: Parameter[], values: Record<string, string> = {}): string {
    return parameters
      .filter((p) => p.in === 'path')
      .reduce((built, p) => built.replace(`{${p.name}}`, values[p.name] ?? encodeURIComponent(String(example(p.schema)))), path);
  }

  async function send(
    caller: string,
    agent: TestAgent,
    call: { method: string; url: string; label: string; contentType?: string; body?: string },
    expectedStatus?: number,
  ): Promise<void> {
    let test = agent[call.method as 'get'](call.url).set('Origin', origin);
    if (call.body !== undefined) test = test.set('Content-Type', call.contentType ?? 'application/json').send(call.body);
    const response = await test;
    const problem = answerProblem(response, expectedStatus);
    if (problem) failures.push(`${caller} ${call.method.toUpperCase()} ${call.url.slice(0, 120)} with ${call.label}: ${problem}`);
  }

  async function fuzzOperation(caller: string, agent: TestAgent, { method, path, operation }: ReturnType<typeof operations>[number]) {
    const parameters = operation.parameters ?? [];
    const bodySchema = resolve(operation.requestBody?.content?.['application/json']?.schema);
    const properties = bodySchema?.properties ?? {};
    const neighbours = Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, JSON.stringify(example(schema))]));
    const validQuery = parameters.filter((p) => p.in === 'query').map((p) => `${p.name}=${encodeURIComponent(String(example(p.schema)))}`);

    for (const [field] of Object.entries(properties)) {
      for (const [label, value] of Object.entries(ALWAYS_REFUSED)) {
        const body = `{${Object.entries({ ...neighbours, [field]: value })
          .map(([k, v]) => `${JSON.stringify(k)}:${v}`)
          .join(',')}}`;
        await send(caller, agent, { method, url: `${pathWith(path, parameters)}?${validQuery.join('&')}`, label: `${label} in ${field}`, body }, 400);
      }
      for (const [label, value] of Object.entries(ODD_VALUES)) {
        // true and false are no odd value for a boolean field: a body of that field alone is a valid request (the reminder switch's).
        if (isValidBoolean(properties[field], value)) continue;
        await send(caller, agent, { method, url: pathWith(path, parameters), label: `${label} as ${field}`, body: `{${JSON.stringify(field)}:${value}}` });
      }
    }
    for (const parameter of parameters.filter((p) => p.in === 'query' || p.in === 'path')) {
      for (const [label, value] of Object.entries(URL_VALUES)) {
        const url =
          parameter.in === 'path'
            ? pathWith(path, parameters, { [parameter.name]: value })
            : `${pathWith(path, parameters)}?${[...validQuery.filter((q) => !q.startsWith(`${parameter.name}=`)), `${parameter.name}=${value}`].join('&')}`;
        await send(caller, agent, { method, url, label: `${label} as ${parameter.name}` });
      }
    }
    for (const query of ['__proto__=x', 'constructor=x', 'x=%00']) {
      await send(caller, agent, { method, url: `${pathWith(path, parameters)}?${query}`, label: `the query ${query}` }, 400);
    }
    for (const hostile of HOSTILE_BODIES) {
      await send(
        caller,
        agent,
        { method, url: pathWith(path, parameters), label: hostile.name, contentType: hostile.contentType, body: hostile.body },
        hostile.status,
      );
    }
  }

  it('reads at least the operations the product had when this suite was written', () => {
    const listed = operations().map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(listed).toEqual(expect.arrayContaining(['POST /api/v1/user/signup', 'GET /api/v1/users/search', 'GET /api/v1/events/{id}', 'POST /api/v1/solo']));
  });

  it('answers every hostile request from a visitor below 500, in the envelope', async () => {
    for (const operation of operations()) await fuzzOperation('visitor', request.agent(t.http), operation);
    expect(failures).toEqual([]);
  });

  it('answers every hostile request from a signed-in student below 500, in the envelope', async () => {
    for (const operation of operations()) await fuzzOperation('student', student, operation);
    expect(failures).toEqual([]);
    // Still signed in: no hostile request ended the session (the sign-out route included).
    await student.get('/api/v1/user/load').expect(200);
  });

  it('leaves the database as it found it', async () => {
    expect(await snapshot(t)).toEqual(before);
  });
});

/** What is wrong with an answer, or undefined: the status, the envelope and the words. */
function answerProblem(response: Response, expectedStatus: number | undefined): string | undefined {
  const summary = `${response.status} ${JSON.stringify(response.body).slice(0, 200)}`;
  if (response.status >= 500) return `server error ${summary}`;
  if (expectedStatus !== undefined && response.status !== expectedStatus) return `expected ${expectedStatus}, got ${summary}`;
  if (!/application\/json/.test(response.headers['content-type'] ?? '')) return `not JSON: ${response.status} ${response.headers['content-type']}`;
  const body = response.body as { success?: unknown; message?: unknown };
  if (body.success !== response.status < 400) return `success does not match the status: ${summary}`;
  if (response.status >= 400 && (typeof body.message !== 'string' || !body.message)) return `no message: ${summary}`;
  if (typeof body.message === 'string' && INTERNALS.test(body.message)) return `framework text: ${summary}`;
  return undefined;
}

/**
 * A checksum of every table's rows. Left out, because any request legitimately changes them:
 * `rate_limits` (every throttled request counts a hit, refused or not) and the sessions'
 * `last_seen_at` (written as a session is used). Everything else must stay byte for byte.
 */
async function snapshot(t: TestApp): Promise<Record<string, string>> {
  const ignoredTables = new Set(['rate_limits']);
  const ignoredColumns = ['last_seen_at'];
  const result = (await t.db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`)) as { rows: { tablename: string }[] };
  const sums: Record<string, string> = {};
  for (const { tablename } of result.rows.filter((row) => !ignoredTables.has(row.tablename))) {
    const row = sql.raw(`(to_jsonb(t) - array[${ignoredColumns.map((c) => `'${c}'`).join(',')}]::text[])::text`);
    const table = sql.raw(`"public"."${tablename}"`);
    const checksum = (await t.db.execute(
      sql`select count(*)::int as rows, md5(coalesce(string_agg(${row}, ',' order by ${row}), '')) as sum from ${table} t`,
    )) as {
      rows: { rows: number; sum: string }[];
    };
    sums[tablename] = `${checksum.rows[0].rows} rows, ${checksum.rows[0].sum}`;
  }
  return sums;
}
