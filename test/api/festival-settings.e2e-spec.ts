import { eq } from 'drizzle-orm';
import request from 'supertest';
import { auditLog } from '../../backend/src/database/schema/audit';
import { festivalSettings } from '../../backend/src/database/schema/festival-settings';
import { registrations } from '../../backend/src/database/schema/registrations';
import { createUser, signedIn } from './support/accounts';
import { clubAdmin, DURING_REGISTRATION, person, superAdmin } from './support/admin';
import { type ApiContract, loadApiContract } from './support/api-contract';
import { expectError } from './support/expectations';
import { createEvent } from './support/factories';
import { festivalRulesWith, festivalSettingsForm } from './support/festival-settings';
import { PostgresCluster } from './support/postgres-cluster';
import { startApp, type TestApp, useTestApp } from './support/test-app';

const SETTINGS = '/api/v1/festival/settings';
const SAVE = 'PUT /api/v1/festival/settings';
const at = (time: string, day = '2025-08-30') => new Date(`${day}T${time}:00+05:30`);

describe("the festival's settings", () => {
  const t = useTestApp({}, { now: DURING_REGISTRATION });
  let contract: ApiContract;
  beforeEach(async () => {
    contract ??= await loadApiContract(t);
  });

  const festival = async () => (await request(t.http).get('/api/v1/festival').expect(200)).body.festival;

  it("are the first start's defaults until the super admin saves, then the home page says what was saved, and the audit trail what changed", async () => {
    const boss = await superAdmin(t);
    const before = contract.expectAnswer(`GET ${SETTINGS}`, await boss.agent.get(SETTINGS), 200).body.settings;
    expect(before).toMatchObject({ name: 'Campus Festival', firstDay: '2025-08-30', lastDay: '2025-08-30', version: 0, source: 'default', updatedAt: null });
    expect(await festival()).toMatchObject({ name: 'Campus Festival', festivalDate: '2025-08-29T18:30:00.000Z', festivalEndsAt: '2025-08-30T18:30:00.000Z' });

    const saved = contract.expectAnswer(SAVE, await boss.agent.put(SETTINGS).send(festivalSettingsForm(0)), 200).body;

    expect(saved.message).toBe('Festival settings saved.');
    expect(saved.settings).toMatchObject({ name: 'Techfest', version: 1, source: 'saved', about: { contactEmail: 'festival.office@campus.ac.in' } });
    expect(await festival()).toMatchObject({
      name: 'Techfest',
      tagline: 'Three days of clubs, code and stage.',
      firstDay: '2025-08-30',
      lastDay: '2025-09-01',
      festivalDate: '2025-08-29T18:30:00.000Z',
      festivalEndsAt: '2025-09-01T18:30:00.000Z',
      about: { lead: 'A college by the sea.', undergraduateProgrammes: ['Computer Science and Engineering', 'Civil'], contactPhone: '+91 44 2345 6789' },
    });
    const [record] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'festival.settings_changed'));
    expect(record).toMatchObject({ actorId: boss.user.id, subjectType: 'festival', subjectLabel: 'Techfest', club: null });
    expect(record.changes).toMatchObject({
      festivalName: { from: 'Campus Festival', to: 'Techfest' },
      lastDay: { from: '2025-08-30', to: '2025-09-01' },
      vision: { to: 'To build.' },
    });
    expect(record.changes).not.toHaveProperty('firstDay');
  });

  it('open and close registration for every event at once, with no restart', async () => {
    const boss = await superAdmin(t);
    const quiz = await createEvent(t.db, { name: 'Quiz', eventDate: at('10:00') });
    const student = await createUser(t);
    const agent = await signedIn(t, student);
    const register = () => agent.post('/api/v1/solo').send({ eventId: quiz.id, studentId: student.id });

    await boss.agent
      .put(SETTINGS)
      .send(festivalSettingsForm(0, { registrationOpensAt: '2025-08-22T09:00:00+05:30' }))
      .expect(200);
    expectError(await register(), 409, 'Registration opens on 22 August 2025.');

    await boss.agent
      .put(SETTINGS)
      .send(festivalSettingsForm(1, { registrationOpensAt: '2025-08-10T09:00:00+05:30', registrationClosesAt: '2025-08-18T18:00:00+05:30' }))
      .expect(200);
    expectError(await register(), 409, 'Registration for the festival closed on 18 August 2025.');

    await boss.agent
      .put(SETTINGS)
      .send(festivalSettingsForm(2, { registrationClosesAt: '2025-08-29T18:00:00+05:30' }))
      .expect(200);
    await register().expect(201);
  });

  it('apply the cap and the clash check to the next registration, and say when students already hold more than a new cap', async () => {
    const boss = await superAdmin(t);
    const [quiz, chess, debate] = [
      await createEvent(t.db, { name: 'Quiz', eventDate: at('09:00'), eventEndDate: at('11:00') }),
      await createEvent(t.db, { name: 'Chess', eventDate: at('10:30'), eventEndDate: at('12:00') }),
      await createEvent(t.db, { name: 'Debate', eventDate: at('09:00', '2025-08-31') }),
    ];
    const priya = await createUser(t);
    const agent = await signedIn(t, priya);
    const register = (eventId: string) => agent.post('/api/v1/solo').send({ eventId, studentId: priya.id });
    await register(quiz.id).expect(201);

    await boss.agent
      .put(SETTINGS)
      .send(festivalSettingsForm(0, { rules: festivalRulesWith({ clashCheck: true }) }))
      .expect(200);
    expectError(await register(chess.id), 409, 'Chess is at the same time as Quiz, which you are registered for.');
    await register(debate.id).expect(201);

    const capped = await boss.agent.put(SETTINGS).send(festivalSettingsForm(1, { rules: festivalRulesWith({ maxRegistrationsPerStudent: 1 }) }));
    expect(capped.status).toBe(200);
    expect(capped.body.message).toBe(
      'Festival settings saved. 1 student already holds more than 1 registration: they keep them, and the cap applies to new registrations.',
    );
    expect(await t.db.select().from(registrations).where(eq(registrations.userId, priya.id))).toHaveLength(2);
    expectError(await register(chess.id), 409, 'You can hold at most 1 registration at this festival.');
  });

  it("count the festival's days, deadlines and times in its time zone, daylight saving included", async () => {
    const boss = await superAdmin(t);
    const admin = await clubAdmin(t, 'Tech Club');
    // 21:00 on 29 August in New York (summer time, -04:00) is already 30 August in India.
    await createEvent(t.db, { name: 'Night Hack', clubInCharge: 'Tech Club', eventDate: new Date('2025-08-30T01:00:00Z') });
    const student = await createUser(t);
    const agent = await signedIn(t, student);
    const quiz = await createEvent(t.db, { name: 'Quiz', eventDate: at('10:00') });

    const newYork = { timeZone: 'America/New_York', registrationOpensAt: '2025-08-22T22:00:00-04:00' };
    await boss.agent.put(SETTINGS).send(festivalSettingsForm(0, newYork)).expect(200);

    expect(await festival()).toMatchObject({
      timeZone: 'America/New_York',
      festivalDate: '2025-08-30T04:00:00.000Z',
      festivalEndsAt: '2025-09-02T04:00:00.000Z',
    });
    // Registration opens at 02:00 on 23 August in UTC: 22 August in New York.
    expectError(await agent.post('/api/v1/solo').send({ eventId: quiz.id, studentId: student.id }), 409, 'Registration opens on 22 August 2025.');
    const csv = (await admin.agent.get('/api/v1/admin/clubs/Tech%20Club/export.csv').buffer(true).expect(200)).text;
    expect(csv).toContain('Date (America/New_York)');
    expect(csv).toContain('Night Hack,solo,2025-08-29 21:00');
  });

  it('refuse a field that breaks its rule, naming it, and keep what was saved', async () => {
    const boss = await superAdmin(t);
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', 'Festival name is required'],
      [{ name: 'A'.repeat(81) }, 'name', 'Festival name must be at most 80 characters'],
      [{ firstDay: '2025-02-31' }, 'firstDay', 'First day is not a date in the calendar'],
      [{ lastDay: '30/08/2025' }, 'lastDay', 'Last day must be a date such as 2026-02-20'],
      [{ lastDay: '2025-08-29' }, 'lastDay', 'Last day cannot be before the first day'],
      [{ lastDay: '2025-10-30' }, 'lastDay', 'A festival lasts at most 31 days'],
      [{ registrationOpensAt: '2025-09-02T00:00:00+05:30' }, 'registrationOpensAt', 'Registration cannot open after the festival ends'],
      [{ registrationOpensAt: 'soon' }, 'registrationOpensAt', 'Registration opens must be a date and time'],
      [{ registrationClosesAt: '2025-08-10T00:00:00+05:30' }, 'registrationClosesAt', 'Registration must close after it opens'],
      [{ registrationClosesAt: '2025-09-03T00:00:00+05:30' }, 'registrationClosesAt', 'Registration cannot close after the festival ends'],
      [{ about: { ...festivalSettingsForm(0).about, contactEmail: 'office at campus' } }, 'about.contactEmail', 'Contact e-mail is not a valid e-mail address'],
      [
        { about: { ...festivalSettingsForm(0).about, contactPhone: 'call us' } },
        'about.contactPhone',
        'Contact phone must be a phone number such as +91 44 2345 6789',
      ],
      [
        { about: { ...festivalSettingsForm(0).about, postgraduateProgrammes: ['MBA', ''] } },
        'about.postgraduateProgrammes',
        'Postgraduate programmes: none may be empty',
      ],
      [{ rules: festivalRulesWith({ maxRegistrationsPerStudent: 101 }) }, 'rules.maxRegistrationsPerStudent', 'Cap per student must be from 0 to 100'],
      [{ rules: festivalRulesWith({ eventLengthMinutes: 10 }) }, 'rules.eventLengthMinutes', 'Event length must be from 15 to 1440'],
      [{ rules: festivalRulesWith({ waitlistOfferHours: 0.5 }) }, 'rules.waitlistOfferHours', 'Waitlist hold must be a whole number'],
      [{ rules: festivalRulesWith({ clashCheck: 'yes' }) }, 'rules.clashCheck', 'Clash check must be on or off'],
      [{ timeZone: 'Mars/Olympus_Mons' }, 'timeZone', 'Time zone must be a time zone such as Asia/Kolkata'],
      [{ version: undefined }, 'version', 'Version must be a whole number'],
    ];
    for (const [change, field, message] of refusals) {
      const response = contract.expectAnswer(SAVE, await boss.agent.put(SETTINGS).send(festivalSettingsForm(0, change)));
      expectError(response, 400, message);
      expect(response.body.errors).toContainEqual({ field, message });
    }
    expect(await t.db.select().from(festivalSettings)).toEqual([]);
  });

  it('refuse the later of two saves of one version, whichever it is, with nothing overwritten', async () => {
    const [first, second] = [await superAdmin(t), await superAdmin(t)];
    await first.agent.put(SETTINGS).send(festivalSettingsForm(0)).expect(200);

    const answers = await Promise.all([
      first.agent.put(SETTINGS).send(festivalSettingsForm(1, { name: 'Techfest by the first' })),
      second.agent.put(SETTINGS).send(festivalSettingsForm(1, { name: 'Techfest by the second' })),
    ]);

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.status === 409);
    expectError(
      contract.expectAnswer(SAVE, refused as request.Response),
      409,
      'The festival settings were changed meanwhile by someone else. Reload to see their change, then make yours again.',
    );
    const winner = answers.find((answer) => answer.status === 200)?.body.settings.name;
    const [row] = await t.db.select().from(festivalSettings);
    expect(row).toMatchObject({ version: 2, name: winner });
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'festival.settings_changed'))).toHaveLength(2);
    // Two first saves at once: the same, the row's key decides.
    await t.db.delete(festivalSettings);
    const firsts = await Promise.all([first.agent.put(SETTINGS).send(festivalSettingsForm(0)), second.agent.put(SETTINGS).send(festivalSettingsForm(0))]);
    expect(firsts.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });

  it('are read and saved by the super admin only', async () => {
    const student = await person(t);
    const admin = await clubAdmin(t);
    expectError(await request(t.http).get(SETTINGS), 401, 'Please sign in to continue.');
    expectError(
      await student.agent.put(SETTINGS).send(festivalSettingsForm(0)),
      403,
      "You don't have permission to access this page. Super admin access is required.",
    );
    expectError(await admin.agent.get(SETTINGS), 403, "You don't have permission to access this page. Super admin access is required.");
    expect(await t.db.select().from(festivalSettings)).toEqual([]);
  });
});

describe("the festival's settings across instances", () => {
  jest.setTimeout(60_000);
  let cluster: PostgresCluster;
  let instances: TestApp[] = [];

  beforeAll(async () => {
    cluster = await PostgresCluster.create();
    const url = await cluster.createDatabase('festival_settings_instances');
    const config = { databaseUrl: url, festivalSettingsCacheMs: 500 };
    instances = [await startApp(config, { now: DURING_REGISTRATION }), await startApp(config, { now: DURING_REGISTRATION })];
  });
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.close()));
    await cluster?.destroy();
  });

  it('a save through one instance holds on the other within FESTIVAL_SETTINGS_CACHE_MS, with no restart', async () => {
    const [a, b] = instances;
    const boss = await superAdmin(a);
    const [quiz, chess] = [
      await createEvent(a.db, { name: 'Quiz', eventDate: at('09:00') }),
      await createEvent(a.db, { name: 'Chess', eventDate: at('14:00') }),
    ];
    const priya = await createUser(a);
    const onB = await signedIn(b, priya);
    expect((await request(b.http).get('/api/v1/festival').expect(200)).body.festival.name).toBe('Campus Festival');

    await boss.agent
      .put(SETTINGS)
      .send(festivalSettingsForm(0, { name: 'Techfest', rules: festivalRulesWith({ maxRegistrationsPerStudent: 1 }) }))
      .expect(200);
    // B read the defaults just now; within its cache time it reads the saved row.
    await new Promise((resolve) => setTimeout(resolve, 600));

    expect((await request(b.http).get('/api/v1/festival').expect(200)).body.festival.name).toBe('Techfest');
    await onB.post('/api/v1/solo').send({ eventId: quiz.id, studentId: priya.id }).expect(201);
    expectError(await onB.post('/api/v1/solo').send({ eventId: chess.id, studentId: priya.id }), 409, 'You can hold at most 1 registration at this festival.');
  });
});
