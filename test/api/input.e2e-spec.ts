import { eq } from 'drizzle-orm';
import request from 'supertest';
import { rateLimits } from '../../backend/src/database/schema/rate-limits';
import { signups, users } from '../../backend/src/database/schema/users';
import { createUser, PASSWORD, signedIn, signUpForm } from './support/accounts';
import { expectError } from './support/expectations';
import { latestMail } from './support/outbox';
import { resetDatabase, startApp, type TestApp, useTestApp } from './support/test-app';

const SIGN_IN = '/api/v1/user/signin';
const SIGN_UP = '/api/v1/user/signup';
const FORGOT = '/api/v1/user/password/forgot';
const deeplyNested = `{"email":${'['.repeat(5000)}"a@campus.ac.in"${']'.repeat(5000)},"password":"Secret@123"}`;

/** The 400 of the input guard: the message names the field, and so does the field error. */
function expectFieldError(response: request.Response, field: string, message: string): void {
  expectError(response, 400, message);
  expect(response.body.errors).toEqual([{ field, message }]);
}

describe('input every route is held to', () => {
  const t = useTestApp();

  const json = (path: string, body: string) => request(t.http).post(path).set('Content-Type', 'application/json').send(body);

  it('refuses a body nested thousands of levels on every route that takes a body, where it answered 500', async () => {
    const student = await signedIn(t, await createUser(t));
    for (const response of [
      await json(SIGN_IN, deeplyNested),
      await json(SIGN_UP, deeplyNested),
      await json(FORGOT, deeplyNested),
      await json('/api/v1/user/password/reset/some-token', deeplyNested),
      await student.put('/api/v1/user/password/change').set('Content-Type', 'application/json').send(deeplyNested),
      await student.post('/api/v1/solo').set('Content-Type', 'application/json').send(deeplyNested),
    ]) {
      expectFieldError(response, 'email', 'email is nested too deeply');
    }
  });

  it('refuses a NUL character on sign-in, sign-up, forgot-password and user search, where PostgreSQL answered 500', async () => {
    const email = 'priya\u0000@campus.ac.in';
    expectFieldError(await request(t.http).post(SIGN_IN).send({ email, password: PASSWORD }), 'email', 'email contains a character that is not allowed');
    expectFieldError(await request(t.http).post(SIGN_UP).send(signUpForm({ email })), 'email', 'email contains a character that is not allowed');
    expectFieldError(await request(t.http).post(FORGOT).send({ email }), 'email', 'email contains a character that is not allowed');
    const student = await signedIn(t, await createUser(t));
    expectFieldError(await student.get('/api/v1/users/search?q=me%00era'), 'q', 'q contains a character that is not allowed');
  });

  it('checks the body before throttling counts it by its e-mail', async () => {
    await request(t.http).post(SIGN_IN).send({ email: 'priya\u0000@campus.ac.in', password: PASSWORD }).expect(400);
    expect(await t.db.select().from(rateLimits)).toEqual([]);
  });

  it.each([
    ['a bell', '"Priya\\u0007"'],
    ['an escape sequence', '"\\u001b[31mPriya"'],
    ['DEL', '"Priya\\u007f"'],
    ['a C1 control', '"Priya\\u0085"'],
    ['a lone surrogate', '"Priya\\ud800"'],
  ])('refuses %s in any string, naming the field', async (_case, name) => {
    const form = JSON.stringify(signUpForm()).replace('"name":"Priya Raman"', `"name":${name}`);
    expectFieldError(await json(SIGN_UP, form), 'name', 'name contains a character that is not allowed');
    expect(await t.db.select().from(signups)).toEqual([]);
  });

  it('refuses prototype keys at any depth, in a body or a query', async () => {
    expectFieldError(
      await json(SIGN_IN, '{"email":"a@campus.ac.in","password":"Secret@123","__proto__":{"isAdmin":true}}'),
      '__proto__',
      '__proto__ is not an accepted field',
    );
    const nested = JSON.stringify(signUpForm()).replace('"name":"Priya Raman"', '"name":{"constructor":{"prototype":{"isAdmin":true}}}');
    expectFieldError(await json(SIGN_UP, nested), 'name.constructor', 'name.constructor is not an accepted field');
    const student = await signedIn(t, await createUser(t));
    expectFieldError(await student.get('/api/v1/users/search?q=meera&__proto__=x'), '__proto__', '__proto__ is not an accepted field');
  });

  it('still refuses fields no form has', async () => {
    const response = await request(t.http).post(SIGN_IN).send({ email: 'a@campus.ac.in', password: PASSWORD, isAdmin: true });
    expectFieldError(response, 'isAdmin', 'isAdmin is not an accepted field');
  });

  it('refuses query keys and body fields on routes that take none', async () => {
    expectFieldError(await request(t.http).get('/api/v1/events?role=admin'), 'role', 'role is not an accepted field');
    expectFieldError(await request(t.http).get('/api/v1/festival').query({ debug: '1' }), 'debug', 'debug is not an accepted field');
    const student = await signedIn(t, await createUser(t));
    expectFieldError(await student.get('/api/v1/user/load').send({ role: 'superadmin' }), 'role', 'role is not an accepted field');
    expectFieldError(await student.post('/api/v1/solo?studentId=x').send({}), 'studentId', 'studentId is not an accepted field');
    await request(t.http).get('/api/v1/events').expect(200);
  });

  it('refuses a string too long for any field, and too many values', async () => {
    expectFieldError(
      await request(t.http)
        .post(SIGN_IN)
        .send({ email: 'a@campus.ac.in', password: 'x'.repeat(10_001) }),
      'password',
      'password is too long',
    );
    const many = { email: Array.from({ length: 2001 }, () => 'a'), password: PASSWORD };
    expectFieldError(await request(t.http).post(SIGN_IN).send(many), 'email', 'email has too many values');
    expectFieldError(await json(SIGN_IN, '[{"email":"a@campus.ac.in"}]'), 'body', 'The request body must be a JSON object');
  });

  it('keeps a NUL or a broken escape in a link token away from the database', async () => {
    expectFieldError(await request(t.http).get('/api/v1/user/verify/abc%00def'), 'token', 'token contains a character that is not allowed');
    expectFieldError(
      await request(t.http).post('/api/v1/user/password/reset/abc%00').send({ password: PASSWORD }),
      'token',
      'token contains a character that is not allowed',
    );
    expectError(await request(t.http).get('/api/v1/user/verify/%E0%A4%A'), 400, 'The request is not valid.');
  });
});

describe('answers the framework would word', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  it('says Malformed JSON, without the parser’s words', async () => {
    for (const body of ['{"email":', '{"a":1,}', '"just a string"', "{'a':1}"]) {
      const response = await request(t.http).post(SIGN_IN).set('Content-Type', 'application/json').send(body);
      expectError(response, 400, 'Malformed JSON');
      expect(response.body).toEqual({ success: false, message: 'Malformed JSON' });
    }
  });

  it('refuses an oversized body with 413', async () => {
    expectError(
      await request(t.http)
        .post(SIGN_IN)
        .send({ email: 'a@campus.ac.in', password: 'x'.repeat(200_000) }),
      413,
      'The request is too large.',
    );
  });

  it.each([
    ['plain text', 'text/plain', 'email=a@campus.ac.in'],
    ['a form encoding', 'application/x-www-form-urlencoded', `email=a%40campus.ac.in&password=${PASSWORD}`],
    ['JSON in Latin-1', 'application/json; charset=latin1', '{"email":"a@campus.ac.in"}'],
    ['XML', 'application/xml', '<email>a@campus.ac.in</email>'],
  ])('refuses a body in %s with 415', async (_case, contentType, body) => {
    const response = await request(t.http).post(SIGN_IN).set('Content-Type', contentType).send(body);
    expectError(response, 415, 'Please send the request as JSON in UTF-8 (Content-Type: application/json).');
  });

  it('answers an unknown route without echoing its path, which may hold a token', async () => {
    const response = await request(t.http).get('/api/v1/user/verify-old/secret-token-123');
    expectError(response, 404, 'Not found.');
    expect(JSON.stringify(response.body)).not.toContain('secret-token-123');
  });

  it("still passes the product's own messages through", async () => {
    expectError(await request(t.http).get('/api/v1/events/not-an-id'), 400, 'Invalid event id');
    expectError(await request(t.http).get('/api/v1/events/2b1f0c52-6f0e-4c3a-9d57-6c1f9b8e2a10'), 404, 'Event not found');
    expectError(await request(t.http).get('/api/v1/user/load'), 401, 'Please sign in to continue.');
  });
});

describe('names and roll numbers at sign-up', () => {
  const t = useTestApp();

  const signUp = (fields: Record<string, unknown>) => request(t.http).post(SIGN_UP).send(signUpForm(fields));

  it('stores one form of each: composed, trimmed, single-spaced, roll number upper-cased', async () => {
    const form = signUpForm({ name: '  Jose\u0301 \n  Garci\u0301a ', rollNumber: ' 21-it/045 ' });
    await request(t.http).post(SIGN_UP).send(form).expect(201);
    const [pending] = await t.db.select({ name: signups.name, rollNumber: signups.rollNumber }).from(signups).where(eq(signups.email, form.email));
    expect(pending).toEqual({ name: 'José García', rollNumber: '21-IT/045' });
    const mail = await latestMail(t.db, form.email);
    expect(mail.text.split('\n')[0]).toBe('Hi José García,');
  });

  it('takes a roll number typed in another case or Unicode form as the same one', async () => {
    await createUser(t, { rollNumber: '23CSE014' });
    expectError(await signUp({ rollNumber: ' 23cse014 ' }), 409, 'This roll number is already registered');
  });

  it.each([
    ['a link', 'Priya https://evil.example', 'Name may contain only letters, spaces, apostrophes, hyphens and periods'],
    ['markup', 'Priya <a href=x>', 'Name may contain only letters, spaces, apostrophes, hyphens and periods'],
    ['an emoji', 'Priya 😀', 'Name may contain only letters, spaces, apostrophes, hyphens and periods'],
    ['a zero-width joiner', 'Pri\u200dya', 'Name may contain only letters, spaces, apostrophes, hyphens and periods'],
    ['a leading hyphen', '-Priya', 'Name must start with a letter'],
    ['one letter', ' P ', 'Name must be at least 2 characters'],
  ])('refuses a name with %s', async (_case, name, message) => {
    const response = await signUp({ name });
    expectError(response, 400, message);
    expect(response.body.errors).toEqual([{ field: 'name', message }]);
    expect(await t.db.select().from(signups)).toEqual([]);
  });

  it.each([
    ['an emoji', '23CSE😀', 'Roll number may contain only letters, digits, hyphens and slashes'],
    ['a right-to-left override', '\u202e410ESC32', 'Roll number may contain only letters, digits, hyphens and slashes'],
    ['a zero-width space', '23CSE\u200b014', 'Roll number may contain only letters, digits, hyphens and slashes'],
    ['full-width digits', '２３CSE014', 'Roll number may contain only letters, digits, hyphens and slashes'],
    ['a leading slash', '/23CSE014', 'Roll number must start with a letter or a digit'],
    ['21 characters', 'A'.repeat(21), 'Roll number must be at most 20 characters'],
  ])('refuses a roll number with %s', async (_case, rollNumber, message) => {
    const response = await signUp({ rollNumber });
    expectError(response, 400, message);
    expect(response.body.errors).toEqual([{ field: 'rollNumber', message }]);
    expect(await t.db.select().from(signups)).toEqual([]);
  });
});

describe('the user search answers only what inviting needs', () => {
  const t = useTestApp({}, { rateLimits: { searchByAccount: { limit: 100, windowSeconds: 60 }, searchByAccountHourly: { limit: 4, windowSeconds: 3600 } } });

  it('needs text that is not blank, from one character', async () => {
    const student = await signedIn(t, await createUser(t));
    for (const q of ['', '%20%20']) expectError(await student.get(`/api/v1/users/search?q=${q}`), 400, 'Please enter a name or email to search');
    for (const q of ['m', ' m ']) await student.get(`/api/v1/users/search?q=${q}`).expect(200);
  });

  it('answers at most 8 students', async () => {
    const student = await signedIn(t, await createUser(t));
    for (let i = 0; i < 12; i += 1) await createUser(t, { name: `Meera ${String.fromCharCode(65 + i)}` });
    const response = await student.get('/api/v1/users/search?q=meera').expect(200);
    expect(response.body.users.map((u: { name: string }) => u.name)).toEqual([
      'Meera A',
      'Meera B',
      'Meera C',
      'Meera D',
      'Meera E',
      'Meera F',
      'Meera G',
      'Meera H',
    ]);
  });

  it('limits each account per hour as well as per minute', async () => {
    const first = await signedIn(t, await createUser(t));
    const second = await signedIn(t, await createUser(t));
    for (let i = 0; i < 4; i += 1) await first.get('/api/v1/users/search?q=me').expect(200);
    expectError(await first.get('/api/v1/users/search?q=me'), 429, /^Too many attempts\./);
    await second.get('/api/v1/users/search?q=me').expect(200);
  });
});

/** The searches' limit (30) over an hour instead of a minute: a slow machine's 30 searches may cross a minute's end, never an hour's (see the wait below). */
const SEARCHES = { limit: 30, windowSeconds: 3600 };

describe('paging through the directory with the search', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp({}, { rateLimits: { searchByAccount: SEARCHES } });
  });
  afterAll(() => t.close());

  it("stops a student after the limit's 30 searches, having seen at most 240 of 400 classmates", async () => {
    await resetDatabase(t.db);
    const attacker = await createUser(t);
    const [{ passwordHash }] = (await t.db.select({ passwordHash: users.passwordHash }).from(users).limit(1)) as [{ passwordHash: string }];
    const syllables = ['an', 'ar', 'ka', 'ri', 'sh', 'ma', 'pr', 'ee', 'va', 'ni', 'ra', 'ja', 'su', 'de', 'vi', 'la', 'ha', 'na', 'ya', 'ti'];
    await t.db.insert(users).values(
      Array.from({ length: 400 }, (_, i) => ({
        name: `${syllables[i % 20]}${syllables[Math.floor(i / 20) % 20]} ${syllables[(i * 7) % 20]}${syllables[(i * 3) % 20]}`,
        email: `classmate${i}@campus.ac.in`,
        passwordHash,
        role: 'student' as const,
        isVerified: true,
        rollNumber: `21DIR${i}`,
      })),
    );
    const agent = await signedIn(t, attacker);
    // The limit counts in fixed windows of the database's clock: a window about to end is waited out.
    const leftOfWindow = SEARCHES.windowSeconds * 1000 - (Date.now() % (SEARCHES.windowSeconds * 1000));
    if (leftOfWindow < 60_000) await new Promise((resolve) => setTimeout(resolve, leftOfWindow + 1000));
    const seen = new Set<string>();
    let searches = 0;
    for (const q of syllables.flatMap((a) => syllables.map((b) => `${a}${b}`))) {
      const response = await agent.get(`/api/v1/users/search?q=${q}`);
      if (response.status === 429) break;
      searches += 1;
      for (const user of response.body.users as { _id: string }[]) seen.add(user._id);
    }
    expect(searches).toBe(30);
    expect(seen.size).toBeLessThanOrEqual(240);
  });
});
