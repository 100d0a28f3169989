import { eq } from 'drizzle-orm';
import request from 'supertest';
import { trustedDevices } from '../../backend/src/database/schema/sessions';
import { teams } from '../../backend/src/database/schema/teams';
import { createUser, PASSWORD, sessionCookie, signedIn, signUpForm } from './support/accounts';
import { expectError } from './support/expectations';
import { createEvent } from './support/factories';
import { latestMail, mailsTo } from './support/outbox';
import { useTestApp } from './support/test-app';

const PUBLIC_URL = 'https://fest.campus.ac.in';
const SIGN_IN = '/api/v1/user/signin';

describe('cross-site request forgery', () => {
  const t = useTestApp({ publicUrl: new URL(PUBLIC_URL) });

  it('accepts a state change from our own pages and marks the cookie Secure on https', async () => {
    const user = await createUser(t);
    const response = await request(t.http).post(SIGN_IN).set('Origin', PUBLIC_URL).send({ email: user.email, password: PASSWORD }).expect(200);
    expect(sessionCookie(response)).toMatch(/; Secure/);
    await request(t.http).post(SIGN_IN).set('Referer', `${PUBLIC_URL}/auth/signin`).send({ email: user.email, password: PASSWORD }).expect(200);
  });

  it.each([
    ['an Origin of another site', { Origin: 'https://evil.example' }],
    ['an Origin of the same host on plain http', { Origin: 'http://fest.campus.ac.in' }],
    ['a Referer from another site', { Referer: 'https://evil.example/page' }],
    ['a browser saying cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['an opaque Origin', { Origin: 'null' }],
  ])('refuses a state change with %s', async (_case, headers) => {
    const user = await createUser(t);
    const cookie = (await signedIn(t, user)) && sessionCookie(await request(t.http).post(SIGN_IN).send({ email: user.email, password: PASSWORD }));
    const response = await request(t.http)
      .put('/api/v1/user/password/change')
      .set(headers)
      .set('Cookie', cookie.split(';')[0])
      .send({ currentPassword: PASSWORD, newPassword: 'Hijack#123' });
    expectError(response, 403, 'This request was refused because it came from another site.');
    await request(t.http).post(SIGN_IN).send({ email: user.email, password: PASSWORD }).expect(200);
  });

  it('refuses a cross-site sign-out link, so another site cannot end a session', async () => {
    const user = await createUser(t);
    const cookie = sessionCookie(await request(t.http).post(SIGN_IN).send({ email: user.email, password: PASSWORD })).split(';')[0];
    expectError(
      await request(t.http).get('/api/v1/user/signout').set('Cookie', cookie).set('Sec-Fetch-Site', 'cross-site'),
      403,
      'This request was refused because it came from another site.',
    );
    await request(t.http).get('/api/v1/user/load').set('Cookie', cookie).expect(200);
  });

  it('lets cross-site pages read public data (GET changes nothing)', async () => {
    await request(t.http).get('/api/v1/events').set('Origin', 'https://evil.example').expect(200);
  });
});

/**
 * The limits count in fixed windows of the database's clock: a test's attempts must fall in one.
 * A day's window, since a slow machine's eighty attempts once crossed a ten-minute window's end.
 */
const A_DAY = 86_400;

describe('throttling', () => {
  const t = useTestApp(
    // Clients are told apart by X-Forwarded-For, as behind the deployment's proxy.
    { trustProxy: 1 },
    {
      rateLimits: {
        signInByIp: { limit: 15, windowSeconds: A_DAY },
        signInByIpAndAccount: { limit: 3, windowSeconds: A_DAY },
        signInByAccount: { limit: 8, windowSeconds: A_DAY },
        signInByTrustedDevice: { limit: 5, windowSeconds: A_DAY },
        signUpByIp: { limit: 3, windowSeconds: A_DAY },
        forgotPasswordByEmail: { limit: 2, windowSeconds: A_DAY },
        verifyByIp: { limit: 3, windowSeconds: A_DAY },
        searchByAccount: { limit: 3, windowSeconds: A_DAY },
      },
    },
  );

  const signInFrom = (ip: string, email: string, password: string) => request(t.http).post(SIGN_IN).set('X-Forwarded-For', ip).send({ email, password });
  const wrongSignIn = (email: string, ip = '10.0.0.66') => signInFrom(ip, email, 'Wrong@123');

  /** The owner's own browser, where they signed in before (so it holds the device cookie). */
  async function ownersBrowser(email: string, ip: string) {
    const agent = request.agent(t.http);
    const first = await agent.post(SIGN_IN).set('X-Forwarded-For', ip).send({ email, password: PASSWORD }).expect(200);
    expect(first.headers['set-cookie']).toEqual(
      expect.arrayContaining([expect.stringMatching(/^fest_device=[\w-]{43}; Max-Age=\d+; Path=\/api\/v1\/user\/signin; Expires=.*; HttpOnly; SameSite=Lax$/)]),
    );
    return { signIn: (password = PASSWORD, from = ip) => agent.post(SIGN_IN).set('X-Forwarded-For', from).send({ email, password }) };
  }

  it('limits guesses at one account from one client, even with the right password, without locking the account elsewhere', async () => {
    const target = await createUser(t);
    for (let i = 0; i < 3; i += 1) expect((await wrongSignIn(target.email)).status).toBe(401);

    const locked = await signInFrom('10.0.0.66', target.email, PASSWORD);
    expectError(locked, 429, /^Too many attempts\. Please try again in (a minute|\d+ minutes|\d+ hour\(s\))\.$/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // The same client may still sign in to another account, and the owner from elsewhere.
    const neighbour = await createUser(t);
    await signInFrom('10.0.0.66', neighbour.email, PASSWORD).expect(200);
    await signInFrom('10.0.0.7', target.email, PASSWORD).expect(200);
  });

  it("lets the owner sign in from their own browser after an attack from other clients has used up the account's allowance", async () => {
    const owner = await createUser(t);
    // The owner signs in on campus; attackers, some behind the same campus address, then guess.
    const own = await ownersBrowser(owner.email, '10.0.0.7');
    for (const ip of ['10.0.0.7', '10.0.0.66', '10.0.0.67']) for (let i = 0; i < 3; i += 1) await wrongSignIn(owner.email, ip);
    expectError(await signInFrom('10.0.0.68', owner.email, PASSWORD), 429, /Too many attempts/);

    await own.signIn().expect(200);
    // The device cookie is an allowance of its own, not a way around the limits.
    for (let i = 0; i < 4; i += 1) await own.signIn('Wrong@123');
    expectError(await own.signIn(), 429, /Too many attempts/);
    const [device] = await t.db.select().from(trustedDevices).where(eq(trustedDevices.userId, owner.id));
    expect(device.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("does not let a device cookie of one account help guess another's password", async () => {
    const attacker = await createUser(t);
    const victim = await createUser(t);
    const attackersBrowser = request.agent(t.http);
    await attackersBrowser.post(SIGN_IN).set('X-Forwarded-For', '10.0.0.66').send({ email: attacker.email, password: PASSWORD }).expect(200);
    for (let i = 0; i < 3; i += 1)
      await attackersBrowser.post(SIGN_IN).set('X-Forwarded-For', '10.0.0.66').send({ email: victim.email, password: 'Wrong@123' }).expect(401);
    expectError(
      await attackersBrowser.post(SIGN_IN).set('X-Forwarded-For', '10.0.0.66').send({ email: victim.email, password: 'Wrong@123' }),
      429,
      /Too many attempts/,
    );
  });

  it('lets each of twenty accounts attacked from one client still be signed in to by its owner', async () => {
    const owners = await Promise.all(Array.from({ length: 20 }, () => createUser(t)));
    const browsers = [];
    for (const [i, owner] of owners.entries()) browsers.push(await ownersBrowser(owner.email, `10.0.1.${i}`));

    const attack = [];
    for (const owner of owners) for (let i = 0; i < 4; i += 1) attack.push((await wrongSignIn(owner.email)).status);
    // The client is stopped after its address's allowance, having locked no one out.
    expect(attack.filter((status) => status === 401)).toHaveLength(12);
    expect(attack.filter((status) => status === 429)).toHaveLength(68);

    for (const [i, owner] of owners.entries()) {
      await browsers[i].signIn().expect(200);
      // Even from a new browser of their own.
      await signInFrom(`10.0.1.${i}`, owner.email, PASSWORD).expect(200);
    }
  });

  it('holds guesses arriving at once to the same allowance as guesses one by one', async () => {
    const target = await createUser(t);
    const answers = await Promise.all(Array.from({ length: 12 }, () => wrongSignIn(target.email)));
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(9);
  });

  it('sends an address at most 3 account e-mails when its sign-ups arrive at once', async () => {
    const email = 'rush.23cse@campus.ac.in';
    // From different addresses, so only the limits by e-mail apply.
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        request(t.http)
          .post('/api/v1/user/signup')
          .set('X-Forwarded-For', `10.0.2.${i}`)
          .send(signUpForm({ email, rollNumber: `23RUSH${i}` })),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(5);
    expect(await mailsTo(t.db, email)).toHaveLength(3);
  });

  it('limits sign-in attempts from one address across e-mails', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 15; i += 1) await wrongSignIn(`guess${i}@campus.ac.in`);
    expectError(await signInFrom('10.0.0.66', user.email, PASSWORD), 429, /Too many attempts/);
  });

  it('limits sign-ups, reset requests and verification attempts', async () => {
    for (let i = 0; i < 3; i += 1) await request(t.http).post('/api/v1/user/signup').send({});
    expectError(await request(t.http).post('/api/v1/user/signup').send({}), 429, /Too many attempts/);

    for (let i = 0; i < 2; i += 1) await request(t.http).post('/api/v1/user/password/forgot').send({ email: 'a@campus.ac.in' }).expect(200);
    expectError(await request(t.http).post('/api/v1/user/password/forgot').send({ email: 'A@campus.ac.in ' }), 429, /Too many attempts/);
    await request(t.http).post('/api/v1/user/password/forgot').send({ email: 'b@campus.ac.in' }).expect(200);

    for (let i = 0; i < 3; i += 1) await request(t.http).get(`/api/v1/user/verify/guess${i}`).expect(400);
    expectError(await request(t.http).get('/api/v1/user/verify/guess'), 429, /Too many attempts/);
  });

  it('limits searches per account, not per address', async () => {
    const first = await signedIn(t, await createUser(t));
    const second = await signedIn(t, await createUser(t));
    for (let i = 0; i < 3; i += 1) await first.get('/api/v1/users/search?q=pri').expect(200);
    expectError(await first.get('/api/v1/users/search?q=pri'), 429, /Too many attempts/);
    await second.get('/api/v1/users/search?q=pri').expect(200);
  });
});

describe('who may call what', () => {
  const t = useTestApp();

  async function callers() {
    return {
      visitor: request.agent(t.http),
      student: await signedIn(t, await createUser(t)),
      clubAdmin: await signedIn(t, await createUser(t, { role: 'admin', club: 'Tech Club' })),
      otherClubAdmin: await signedIn(t, await createUser(t, { role: 'admin', club: 'Music Club' })),
      superAdmin: await signedIn(t, await createUser(t, { role: 'superadmin' })),
    };
  }

  it('lists every account to the super admin only', async () => {
    const who = await callers();
    expectError(await who.visitor.get('/api/v1/user/all'), 401, 'Please sign in to continue.');
    for (const caller of [who.student, who.clubAdmin, who.otherClubAdmin]) {
      expectError(await caller.get('/api/v1/user/all'), 403, "You don't have permission to access this page. Super admin access is required.");
    }
    const response = await who.superAdmin.get('/api/v1/user/all').expect(200);
    expect(response.body.users).toHaveLength(4);
    expect(JSON.stringify(response.body)).not.toMatch(/password/i);
  });

  it('lists accounts a page at a time, oldest first, with the total, and refuses a page size past the cap', async () => {
    const who = await callers();
    const all = (await who.superAdmin.get('/api/v1/user/all').expect(200)).body;
    expect(all).toMatchObject({ success: true, page: 1, limit: 50, total: 4 });
    const pages = await Promise.all([1, 2, 3].map(async (page) => (await who.superAdmin.get(`/api/v1/user/all?page=${page}&limit=2`).expect(200)).body));
    expect(pages.map((page) => page.users.length)).toEqual([2, 2, 0]);
    expect(pages.flatMap((page) => page.users.map((user: { _id: string }) => user._id))).toEqual(all.users.map((user: { _id: string }) => user._id));
    expect(pages[2]).toMatchObject({ page: 3, limit: 2, total: 4 });
    expectError(await who.superAdmin.get('/api/v1/user/all?limit=101'), 400, 'Limit must be at most 100');
    expectError(await who.superAdmin.get('/api/v1/user/all?page=0'), 400, 'Page must be at least 1');
    expectError(await who.superAdmin.get('/api/v1/user/all?limit=ten'), 400, 'Limit must be a whole number');
  });

  it('lets any signed-in account search classmates and load itself, but no visitor', async () => {
    const who = await callers();
    expectError(await who.visitor.get('/api/v1/users/search?q=ab'), 401, 'Please sign in to continue.');
    expectError(await who.visitor.get('/api/v1/user/load'), 401, 'Please sign in to continue.');
    for (const caller of [who.student, who.clubAdmin, who.otherClubAdmin, who.superAdmin]) {
      await caller.get('/api/v1/users/search?q=ab').expect(200);
      const loaded = await caller.get('/api/v1/user/load').expect(200);
      expect(loaded.body.user.isAdmin).toBe(loaded.body.user.role !== 'student');
      expect(loaded.body.user.isSuperAdmin).toBe(loaded.body.user.role === 'superadmin');
    }
  });

  it('keeps the catalogue and the health check open to everyone', async () => {
    const who = await callers();
    for (const caller of Object.values(who)) {
      await caller.get('/api/v1/events').expect(200);
      await caller.get('/api/v1/festival').expect(200);
      await caller.get('/api/v1/health').expect(200);
    }
  });
});

describe('team names, as classmates read them in the app and in their invite e-mails', () => {
  const t = useTestApp({}, { now: new Date('2025-08-20T10:00:00+05:30') });
  const hackathon = () => createEvent(t.db, { name: 'Hackathon', eventType: 'group', minTeamSize: 2, maxTeamSize: 3 });
  const formTeam = (leader: Awaited<ReturnType<typeof signedIn>>, eventId: string, teamName: string) =>
    leader.post('/api/v1/teams/create').send({ eventId, teamName });

  it('refuses a name with a control, bidirectional or zero-width character, or one that reads as a link, and stores nothing', async () => {
    const event = await hackathon();
    const leader = await signedIn(t, await createUser(t));
    const hidden = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C'];
    const invisible = ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\n', '\t', '\u2028'];
    for (const character of [...hidden, ...invisible]) {
      expectError(await formTeam(leader, event.id, `Byte${character}Me`), 400, 'Team name cannot contain line breaks, tabs or invisible characters');
    }
    for (const name of [
      'http://evil.example',
      'Join https://evil.example',
      'Team ftp://files',
      'www.evil.example',
      'Visit WWW.Evil.Example',
      'evil.example/prize',
      'bit.ly/win now',
    ]) {
      expectError(await formTeam(leader, event.id, name), 400, 'Team name cannot contain a link');
    }
    expect(await t.db.select().from(teams)).toEqual([]);

    const created = await formTeam(leader, event.id, '  Node.js\u00A0 Ninjas 2.0 ').expect(201);
    expect(created.body.team.teamName).toBe('Node.js Ninjas 2.0');
  });

  it('writes a name stored before these rules into the invite e-mail as plain words, never a link', async () => {
    const event = await hackathon();
    const [leaderAccount, classmate] = [await createUser(t, { name: 'Asha Rao' }), await createUser(t, { name: 'Vikram Iyer' })];
    const leader = await signedIn(t, leaderAccount);
    const teamId = (await formTeam(leader, event.id, 'Byte Me').expect(201)).body.team._id as string;
    await t.db.update(teams).set({ name: 'Prize at https://evil.example/claim \u202Emoc.live' }).where(eq(teams.id, teamId));

    await leader
      .post('/api/v1/teams/invite')
      .send({ teamId, userIds: [classmate.id] })
      .expect(200);

    const mail = await latestMail(t.db, classmate.email);
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toContain('https://evil');
      expect(part).not.toContain('evil.example');
      expect(part).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200B-\u200F]/);
    }
    expect(mail.text).toContain('Prize at https[:]//evil[.]example/claim moc[.]live');
    // The only links are the invite's own: the button and the address under it.
    const links = [...mail.html.matchAll(/<a href="([^"]+)"/g)].map((match) => match[1]);
    expect(links).toHaveLength(2);
    expect(links.every((link) => link.includes('/invite/'))).toBe(true);
  });
});
