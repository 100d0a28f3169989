import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { auditLog } from '../../backend/src/database/schema/audit';
import { certificates } from '../../backend/src/database/schema/certificates';
import { eventMessageRecipients, eventMessages } from '../../backend/src/database/schema/event-messages';
import { type EventRow, events, eventSeats } from '../../backend/src/database/schema/events';
import { teamInvites } from '../../backend/src/database/schema/invites';
import { mailOutbox } from '../../backend/src/database/schema/mail';
import { registrations } from '../../backend/src/database/schema/registrations';
import { eventWinners } from '../../backend/src/database/schema/results';
import { sessions } from '../../backend/src/database/schema/sessions';
import { teamMembers, teams } from '../../backend/src/database/schema/teams';
import { type NewUserRow, users } from '../../backend/src/database/schema/users';
import { waitlistEntries } from '../../backend/src/database/schema/waitlist';
import { PASSWORD } from './support/accounts';
import { expectError } from './support/expectations';
import { createEvent } from './support/factories';
import { registerTeam, registeredTeamFromForm, teamFromForm } from './support/teams';
import { useTestApp } from './support/test-app';
import { join, registerSolo, type Student, student } from './support/waitlist';

/** Inside the default festival's registration window (opens 14 Aug 2025, events close 28 Aug). */
const DURING_REGISTRATION = new Date('2025-08-20T10:00:00+05:30');
const ROUNDS = 6;
const STAGGER_MS = 3;

describe("an account's own data and its deletion", () => {
  const t = useTestApp({}, { now: DURING_REGISTRATION });

  const deleteAccount = (s: Student, confirmation: { email?: string; password?: string } = {}) =>
    s.agent.delete('/api/v1/users/me').send({ email: s.user.email, password: PASSWORD, ...confirmation });
  const seatsOf = async (event: EventRow) => (await t.db.select().from(eventSeats).where(eq(eventSeats.eventId, event.id)))[0];
  const standingOf = async (event: EventRow) =>
    (await t.db.select().from(registrations).where(eq(registrations.eventId, event.id))).filter((row) => row.status !== 'rejected').map((row) => row.userId);
  let people = 0;
  /** A student whose name passes the name rule (the enrolment form checks the leader's): "Member Ab", "Member Ac"... */
  const classmate = (overrides: Partial<NewUserRow> = {}) => {
    people += 1;
    const letters = people.toString(26).replace(/[0-9a-p]/g, (digit) => String.fromCharCode(97 + parseInt(digit, 26)));
    return student(t, { name: `Member A${letters}`, ...overrides });
  };
  const groupEvent = (overrides: Parameters<typeof createEvent>[1] = {}) =>
    createEvent(t.db, { eventType: 'group', minTeamSize: 2, maxTeamSize: 3, ...overrides });

  /** Every table's rows that still carry `needle` anywhere in them, as `table: count`. */
  async function tablesMentioning(needle: string): Promise<Record<string, number>> {
    const listed = (await t.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )) as { rows: { table_name: string }[] };
    const found: Record<string, number> = {};
    for (const { table_name: table } of listed.rows) {
      const counted = (await t.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} t where t::text ilike ${`%${needle}%`}`)) as {
        rows: { n: number }[];
      };
      if (counted.rows[0].n > 0) found[table] = counted.rows[0].n;
    }
    expect(listed.rows.length).toBeGreaterThan(20);
    return found;
  }

  describe('the download of everything held', () => {
    const prepare = (s: Student) => s.agent.post('/api/v1/users/me/data-export');
    const file = (s: Student) => s.agent.get('/api/v1/users/me/data-export.json');

    it('is prepared on request, holds what the database holds and no secret, and is offered for 24 hours', async () => {
      const asha = await classmate({ name: 'Asha Verma', rollNumber: '22AVX118' });
      const [friend, inviter] = [await classmate(), await classmate()];
      const event = await createEvent(t.db, { name: 'Solo Sprint' });
      const full = await createEvent(t.db, { name: 'Full House', maxApplications: 1, seatsTaken: 1 });
      const group = await groupEvent({ name: 'Robo Race' });
      await registerSolo(asha, event).expect(201);
      await join(asha, full).expect(201);
      await registeredTeamFromForm(group, asha, [friend]);
      const invited = await groupEvent({ name: 'Hack Night' });
      const teamId = (await inviter.agent.post('/api/v1/teams/create').send({ eventId: invited.id, teamName: 'Byte Club' }).expect(201)).body.team._id;
      await inviter.agent
        .post('/api/v1/teams/invite')
        .send({ teamId, userIds: [asha.user.id] })
        .expect(200);

      expectError(await file(asha), 404, 'You have no download ready: prepare one first. A download is offered for 24 hours.');
      expect((await asha.agent.get('/api/v1/users/me/data-export').expect(200)).body.export).toBeNull();
      const prepared = await prepare(asha).expect(201);
      expect(prepared.body).toMatchObject({ success: true, message: 'Your data is ready to download for 24 hours.' });
      const expiresAt = new Date(prepared.body.export.expiresAt);
      expect(expiresAt.getTime() - t.clock.now().getTime()).toBe(24 * 60 * 60 * 1000);
      expect((await asha.agent.get('/api/v1/users/me/data-export').expect(200)).body.export).toEqual(prepared.body.export);

      const downloaded = await file(asha).expect(200);
      expect(downloaded.headers['content-type']).toMatch(/^application\/json/);
      expect(downloaded.headers['content-disposition']).toBe('attachment; filename="festival-data-2025-08-20.json"');
      const text = downloaded.text;
      const [stored] = await t.db.select().from(users).where(eq(users.id, asha.user.id));
      expect(text).not.toContain(stored.passwordHash);
      expect(text).not.toMatch(/passwordHash|tokenHash|verifiedLinkHash/);
      const data = JSON.parse(text);
      expect(data.account).toMatchObject({ id: stored.id, name: 'Asha Verma', email: stored.email, rollNumber: '22AVX118', dept: 'CSE', year: '3' });
      expect(data.signIns).toHaveLength(await t.db.$count(sessions, eq(sessions.userId, asha.user.id)));
      const held = await t.db.select().from(registrations).where(eq(registrations.userId, asha.user.id));
      expect(data.registrations.map((row: { id: string; event: string }) => [row.id, row.event]).sort()).toEqual(
        held.map((row) => [row.id, row.eventId === event.id ? 'Solo Sprint' : 'Robo Race']).sort(),
      );
      expect(data.teams).toEqual([expect.objectContaining({ event: 'Robo Race', leaderId: asha.user.id, leading: true, members: 2 })]);
      expect(
        data.invitations.map((invite: { event: string; status: string; sentByYou: boolean }) => [invite.event, invite.status, invite.sentByYou]).sort(),
      ).toEqual([
        ['Hack Night', 'pending', false],
        ['Robo Race', 'accepted', true],
      ]);
      expect(data.waitlist).toEqual([expect.objectContaining({ event: 'Full House', status: 'waiting' })]);
      const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, stored.email));
      expect(data.emails.map((mail: { subject: string }) => mail.subject).sort()).toEqual(mails.map((mail) => mail.subject).sort());
      expect(data).toMatchObject({ results: [], certificates: [], notifications: [] });

      // Someone else's download is not theirs to read.
      expectError(await file(friend), 404, 'You have no download ready: prepare one first. A download is offered for 24 hours.');
      t.clock.advance(24 * 60 * 60 * 1000);
      expectError(await file(asha), 404, 'You have no download ready: prepare one first. A download is offered for 24 hours.');
      expect((await asha.agent.get('/api/v1/users/me/data-export').expect(200)).body.export).toBeNull();
    });

    it('is prepared three times an hour at most', async () => {
      const asha = await classmate();
      for (let n = 0; n < 3; n += 1) await prepare(asha).expect(201);
      expect((await prepare(asha)).status).toBe(429);
    });
  });

  it('refuses a wrong address or password, on its field, and keeps the account', async () => {
    const zara = await student(t, { name: 'Zara Pinto' });
    const wrongEmail = await deleteAccount(zara, { email: 'someone.else@campus.ac.in' });
    expectError(wrongEmail, 400, 'Type the e-mail address of this account');
    expect(wrongEmail.body.errors).toEqual([{ field: 'email', message: 'Type the e-mail address of this account' }]);
    const wrongPassword = await deleteAccount(zara, { email: `  ${zara.user.email.toUpperCase()} `, password: 'Wrong@123' });
    expectError(wrongPassword, 400, 'The password is not right');
    expect(wrongPassword.body.errors).toEqual([{ field: 'password', message: 'The password is not right' }]);
    expectError(await zara.agent.delete('/api/v1/users/me').send({ email: zara.user.email }), 400, 'Password is required');
    await zara.agent.get('/api/v1/user/load').expect(200);
    expect((await t.db.select().from(users).where(eq(users.id, zara.user.id)))[0]).toMatchObject({ name: 'Zara Pinto', deletedAt: null });
  });

  it('gives back its seats, passes its teams on, withdraws its invitations and erases it from every table', async () => {
    const zubeida = await classmate({ name: 'Zubeida Oldname', rollNumber: '21ZQX907', gender: 'Female' });
    // A name changed once: the one it had before is erased too.
    await zubeida.agent.put('/api/v1/users/me/profile').send({ name: 'Zubeida Quarshie', dept: 'CSE', year: '3', gender: 'Female' }).expect(200);
    zubeida.user = { ...zubeida.user, name: 'Zubeida Quarshie' };
    const [waiting, teammate, leader, member, inviter] = await Promise.all([1, 2, 3, 4, 5].map(() => classmate()));

    // A full solo event with someone in line: the seat is offered to them.
    const full = await createEvent(t.db, { name: 'Solo Sprint', maxApplications: 1 });
    await registerSolo(zubeida, full).expect(201);
    await join(waiting, full).expect(201);
    // A registered team she leads with a teammate: it passes to the teammate, who is told.
    const led = await groupEvent({ name: 'Robo Race' });
    const ledTeam = await registeredTeamFromForm(led, zubeida, [teammate]);
    // A registered team of one: dissolved, its seat given back.
    const alone = await groupEvent({ name: 'Paper Talk', minTeamSize: 1 });
    const aloneTeam = (await zubeida.agent.post('/api/v1/teams/create').send({ eventId: alone.id, teamName: 'Solo Squad' }).expect(201)).body.team._id;
    await registerTeam(zubeida, aloneTeam).expect(200);
    // A registered team she is a member of: it keeps its seat without her, and its leader is told.
    const joined = await groupEvent({ name: 'Quiz Bowl' });
    const joinedTeam = await registeredTeamFromForm(joined, leader, [zubeida, member]);
    // An invitation waiting for her answer: withdrawn.
    const invited = await groupEvent({ name: 'Hack Night' });
    const invitingTeam = (await inviter.agent.post('/api/v1/teams/create').send({ eventId: invited.id, teamName: 'Byte Club' }).expect(201)).body.team._id;
    await inviter.agent
      .post('/api/v1/teams/invite')
      .send({ teamId: invitingTeam, userIds: [zubeida.user.id] })
      .expect(200);
    // An event past: her attendance, her place and her certificate are the record, kept without her.
    const past = await createEvent(t.db, { name: 'Code Relay', eventDate: new Date('2025-08-10T04:30:00Z'), registrationDeadline: null });
    await t.db.insert(registrations).values({ eventId: past.id, userId: zubeida.user.id, status: 'approved', isPresent: true, checkedInAt: past.eventDate });
    await t.db.insert(eventWinners).values({ eventId: past.id, place: 1, userId: zubeida.user.id, confirmedAt: past.eventDate! });
    const code = 'ZQ7K4M2P9X3B6C8D';
    await t.db.insert(certificates).values({
      code,
      codeHash: createHash('sha256').update(code).digest('hex'),
      kind: 'merit',
      place: 1,
      eventId: past.id,
      userId: zubeida.user.id,
      editionId: past.editionId,
      studentName: 'Zubeida Quarshie',
      eventName: past.name,
      eventDate: past.eventDate,
      club: past.clubInCharge,
      festivalName: 'Tech Fest',
      institutionName: 'Campus College',
      timeZone: 'Asia/Kolkata',
      signatories: [],
      issuedAt: past.eventDate!,
    });
    const [message] = await t.db
      .insert(eventMessages)
      .values({
        eventId: past.id,
        senderName: 'Club Admin',
        audience: 'registrants',
        subject: 'Well done',
        body: 'Congratulations, Zubeida Quarshie!',
        recipients: 1,
      })
      .returning();
    await t.db.insert(eventMessageRecipients).values({ messageId: message.id, userId: zubeida.user.id });
    // A mistyped sign-in: its attempt is counted under her address.
    await request(t.http).post('/api/v1/user/signin').send({ email: zubeida.user.email, password: 'Wrong@123' }).expect(401);

    const deleted = await deleteAccount(zubeida);
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toMatch(/^Your account is deleted\./);
    expect(deleted.headers['set-cookie']).toEqual(expect.arrayContaining([expect.stringMatching(/^fest_session=;/)]));

    // Nothing personal is left in any table: not her names (the former one too), her address or her
    // roll number. (Read before anyone types her address again: a sign-in attempt counts under it.)
    for (const needle of ['Zubeida', 'Quarshie', 'Oldname', zubeida.user.email, '21ZQX907'])
      expect([needle, await tablesMentioning(needle)]).toEqual([needle, {}]);

    // Signed out everywhere, and the address and password open nothing.
    await zubeida.agent.get('/api/v1/user/load').expect(401);
    await request(t.http).post('/api/v1/user/signin').send({ email: zubeida.user.email, password: PASSWORD }).expect(401);

    // Her seat went to the line; the teams went on without her.
    expect(await seatsOf(full)).toMatchObject({ taken: 0, held: 1 });
    expect((await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.userId, waiting.user.id)))[0].status).toBe('offered');
    const [passedOn] = await t.db.select().from(teams).where(eq(teams.id, ledTeam));
    expect(passedOn.leaderId).toBe(teammate.user.id);
    expect(passedOn.registeredAt).not.toBeNull();
    expect(passedOn.name).toMatch(/^Deleted account's team \([0-9a-f]{8}\)$/);
    expect(await standingOf(led)).toEqual([teammate.user.id]);
    expect((await seatsOf(led)).taken).toBe(1);
    expect(await t.db.$count(teams, eq(teams.id, aloneTeam))).toBe(0);
    expect((await seatsOf(alone)).taken).toBe(0);
    expect((await standingOf(joined)).sort()).toEqual([leader.user.id, member.user.id].sort());
    expect((await seatsOf(joined)).taken).toBe(1);
    expect(await t.db.$count(teamMembers, eq(teamMembers.teamId, joinedTeam))).toBe(2);
    const told = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Your team Deleted account's team (${ledTeam.slice(0, 8)}) for Robo Race has changed`));
    expect(told.map((mail) => mail.recipient)).toEqual([teammate.user.email]);
    expect(told[0].text).toContain(`${teammate.user.name} leads the team now.`);
    const leaderTold = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, leader.user.email), sql`${mailOutbox.subject} like '%Quiz Bowl has changed'`));
    expect(leaderTold).toHaveLength(1);
    const [invitation] = await t.db
      .select()
      .from(teamInvites)
      .where(and(eq(teamInvites.inviteeId, zubeida.user.id), eq(teamInvites.teamId, invitingTeam)));
    expect(invitation.status).toBe('withdrawn');

    // The past stays, under the placeholder; the certificate says why it no longer stands.
    expect((await t.db.select().from(users).where(eq(users.id, zubeida.user.id)))[0]).toMatchObject({
      name: 'Deleted account',
      rollNumber: null,
      gender: null,
      isVerified: false,
    });
    expect(await standingOf(past)).toEqual([zubeida.user.id]);
    expect(await t.db.$count(eventWinners, eq(eventWinners.eventId, past.id))).toBe(1);
    const verified = await request(t.http).get(`/api/v1/certificates/${code}`).expect(200);
    expect(verified.body.certificate).toMatchObject({ studentName: 'Deleted account', revokedReason: 'The holder deleted their account.' });
    expect(await t.db.$count(auditLog, eq(auditLog.action, 'user.account_deleted'))).toBe(1);
  });

  it('refuses the last super admin, and lets one of two go', async () => {
    const chief = await student(t, { role: 'superadmin', name: 'Chief Admin' });
    expectError(await deleteAccount(chief), 409, 'The last super admin cannot delete their account: make someone else a super admin first.');
    const deputy = await student(t, { role: 'superadmin', name: 'Deputy Admin' });
    await deleteAccount(deputy).expect(200);
    expectError(await deleteAccount(chief), 409, 'The last super admin cannot delete their account: make someone else a super admin first.');
    await chief.agent.get('/api/v1/user/load').expect(200);
  });

  it("takes a club admin off their events' staff in-charges and out of every table; their changes stay on record under the placeholder", async () => {
    const admin = await student(t, { role: 'admin', club: 'Tech Club', name: 'Yasmin Okonjo', email: 'yasmin.okonjo@campus.ac.in' });
    const colleague = { adminId: null, name: 'Dr. Meena Iyer', email: 'meena.iyer@campus.ac.in', club: 'Tech Club' };
    const event = await createEvent(t.db, {
      name: 'Circuit Hunt',
      staffInCharges: [{ adminId: admin.user.id, name: 'Yasmin Okonjo', email: 'yasmin.okonjo@campus.ac.in', club: 'Tech Club' }, colleague],
    });
    await admin.agent.put(`/api/v1/admin/events/${event.id}`).send({ venue: 'Lab 4' }).expect(200);

    await deleteAccount(admin).expect(200);

    for (const needle of ['Yasmin', 'Okonjo', 'yasmin.okonjo@campus.ac.in']) expect([needle, await tablesMentioning(needle)]).toEqual([needle, {}]);
    expect((await t.db.select().from(events).where(eq(events.id, event.id)))[0]).toMatchObject({ venue: 'Lab 4', staffInCharges: [colleague] });
    const [change] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'event.updated'), eq(auditLog.subjectId, event.id)));
    expect(change).toMatchObject({ actorId: admin.user.id, actorName: 'Deleted account', actorEmail: 'Deleted account' });
  });

  describe('under concurrency', () => {
    const together = <T>(round: number, requests: (() => PromiseLike<T>)[]): Promise<T[]> =>
      Promise.all(
        requests.map(async (send, n) => {
          await sleep(((n + round) % requests.length) * STAGGER_MS);
          return send();
        }),
      );

    it(`two deletions of one account at once, ${ROUNDS} times: it is deleted once`, async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const s = await student(t);
        const second = { ...s, agent: request.agent(t.http) };
        await second.agent.post('/api/v1/user/signin').send({ email: s.user.email, password: PASSWORD }).expect(200);
        const answers = await together(round, [() => deleteAccount(s), () => deleteAccount(second)]);
        const statuses = answers.map((answer) => answer.status).sort();
        // The loser finds the account deleted, or (its session gone before it was read) signed out.
        expect(statuses[0]).toBe(200);
        expect([401, 409]).toContain(statuses[1]);
        expect(await t.db.$count(auditLog, and(eq(auditLog.action, 'user.account_deleted'), eq(auditLog.subjectId, s.user.id)))).toBe(1);
      }
    });

    it(`a member's deletion racing their team's registration, ${ROUNDS} times: the team registers without them, one seat`, async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const event = await groupEvent({ name: `Relay ${round}` });
        const [leader, leaving, staying] = await Promise.all([classmate(), classmate(), classmate()]);
        const teamId = await teamFromForm(event, leader, [leaving, staying]);

        const [registered, deleted] = await together(round, [() => registerTeam(leader, teamId), () => deleteAccount(leaving)]);

        expect(deleted.status).toBe(200);
        expect(registered.status).toBe(200);
        expect((await standingOf(event)).sort()).toEqual([leader.user.id, staying.user.id].sort());
        expect(await seatsOf(event)).toMatchObject({ taken: 1 });
        expect(await t.db.$count(teamMembers, eq(teamMembers.teamId, teamId))).toBe(2);
      }
    });

    it(`a leader's deletion racing their own team's registration, ${ROUNDS} times: the team is the member's, registered or not, never half`, async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const event = await groupEvent({ name: `Sprint ${round}`, minTeamSize: 1 });
        const [leaving, member] = await Promise.all([classmate(), classmate()]);
        const teamId = await teamFromForm(event, leaving, [member]);

        const [registered, deleted] = await together(round, [() => registerTeam(leaving, teamId), () => deleteAccount(leaving)]);

        expect(deleted.status).toBe(200);
        const [team] = await t.db.select().from(teams).where(eq(teams.id, teamId));
        expect(team.leaderId).toBe(member.user.id);
        // Registered first, the team keeps its seat with the member alone; deleted first, the registration finds no leader.
        expect(await standingOf(event)).toEqual(registered.status === 200 ? [member.user.id] : []);
        expect((await seatsOf(event)).taken).toBe(registered.status === 200 ? 1 : 0);
        expect(registered.status === 200 || registered.status === 401 || registered.status === 403).toBe(true);
      }
    });
  });
});
