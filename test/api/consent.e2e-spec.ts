import { eq } from 'drizzle-orm';
import { type EventRow, events } from '../../backend/src/database/schema/events';
import { teamInvites } from '../../backend/src/database/schema/invites';
import { registrations } from '../../backend/src/database/schema/registrations';
import { teamMembers, teams } from '../../backend/src/database/schema/teams';
import { INVITES_PER_RECIPIENT_PER_HOUR } from '../../backend/src/invites/invites.service';
import { DURING_REGISTRATION, type Person, person } from './support/admin';
import { expectError } from './support/expectations';
import { createEvent, enrolmentForm } from './support/factories';
import { mailsTo } from './support/outbox';
import { registerTeam, teamFromForm } from './support/teams';
import { useTestApp } from './support/test-app';

const HOUR = 60 * 60 * 1000;

/** Nobody is registered, revealed or written to without consent: the group form asks, and invitations are limited per recipient. */
describe('consent in forming teams', () => {
  // The member search's budget as configured (30 a minute), counted in a window of a day: the
  // minute's fixed window once turned between a test's thirtieth search and its form.
  const t = useTestApp({}, { now: DURING_REGISTRATION, rateLimits: { searchByAccount: { limit: 30, windowSeconds: 86_400 } } });

  const groupEvent = (overrides: Parameters<typeof createEvent>[1] = {}) =>
    createEvent(t.db, { name: 'Hackathon', eventType: 'group', minTeamSize: 2, maxTeamSize: 4, maxApplications: 10, ...overrides });
  // Every account here is in year 3 of CSE (support/accounts.ts), as the form lists them unless told.
  const form = (event: EventRow, leader: Person, emails: string[], listedAs?: { year: string; branch: string }) =>
    leader.agent.post('/api/v1/group').send(
      enrolmentForm(
        event,
        leader.user,
        emails.map((email, i) => ({ name: `Member ${'ABCDEFGH'[i]}`, email, dept: 'CSE', year: '3', listedAs })),
      ),
    );
  const invitationsTo = async (who: Person) =>
    (await who.agent.get('/api/v1/teams/notifications').expect(200)).body.invites as { _id: string; teamId: { _id: string } }[];
  const answer = (who: Person, inviteId: string, response: 'accept' | 'decline') =>
    who.agent.post(`/api/v1/teams/invite/${inviteId}/respond`).send({ response });
  const seats = async (event: EventRow) => (await t.db.select().from(registrations).where(eq(registrations.eventId, event.id))).length;
  const inviteMails = async (who: Person) => (await mailsTo(t.db, who.user.email)).filter((mail) => mail.subject.includes('invited you'));

  describe('the group form', () => {
    it('invites the listed students and registers nobody; the leader registers once they have accepted', async () => {
      const event = await groupEvent();
      const [leader, ravi, meena] = [await person(t, { name: 'Asha Rao' }), await person(t, { name: 'Ravi Kumar' }), await person(t, { name: 'Meena Das' })];

      const response = await form(event, leader, [ravi.user.email, meena.user.email.toUpperCase()]).expect(201);

      expect(response.body).toMatchObject({
        success: true,
        message: 'Team "Asha Rao\'s team" formed: invitations sent to 2 member(s). Register the team once they have accepted.',
        team: { isRegistered: false, members: [{ userId: { _id: leader.user.id, name: 'Asha Rao' } }] },
      });
      expect(response.body.team.pendingInvites.map((invite: { inviteeId: { _id: string } }) => invite.inviteeId._id).sort()).toEqual(
        [ravi.user.id, meena.user.id].sort(),
      );
      expect(await seats(event)).toBe(0);
      for (const invitee of [ravi, meena])
        expect((await inviteMails(invitee)).map((mail) => mail.subject)).toEqual(['Asha Rao invited you to their team for Hackathon']);
      // Not theirs to be charged with: neither is in a team, and each may still form their own.
      expect(await t.db.select().from(teamMembers).where(eq(teamMembers.userId, meena.user.id))).toEqual([]);

      const [toRavi] = await invitationsTo(ravi);
      const [toMeena] = await invitationsTo(meena);
      await answer(ravi, toRavi._id, 'accept').expect(200);
      await answer(meena, toMeena._id, 'decline').expect(200);
      await meena.agent.post('/api/v1/teams/create').send({ eventId: event.id, teamName: 'Her Own' }).expect(201);

      const registered = await registerTeam(leader, response.body.team._id).expect(200);
      expect(registered.body.team.members.map((member: { userId: { _id: string } }) => member.userId._id)).toEqual([leader.user.id, ravi.user.id]);
      expect(await seats(event)).toBe(2);
      expect((await ravi.agent.get(`/api/v1/events/${event.id}`)).body.event.isRegistered).toBe(true);
      expect((await meena.agent.get(`/api/v1/events/${event.id}`)).body.event.isRegistered).toBe(false);
    });

    it('refuses an address that is no verified student account, naming only the address, and forms nothing', async () => {
      const event = await groupEvent();
      const leader = await person(t, { name: 'Asha Rao' });
      const ravi = await person(t, { name: 'Ravi Kumar' });
      const unverified = await person(t, { name: 'Secret Name', gender: 'Male', isVerified: false });
      const admin = await person(t, { name: 'Club Admin', role: 'admin', club: 'Tech Club' });

      for (const email of ['nobody.here@campus.ac.in', unverified.user.email, admin.user.email]) {
        const response = await form(event, leader, [ravi.user.email, email]);
        expectError(response, 400, `No verified student account uses ${email}. Ask them to sign up first, or take them off the list.`);
        expect(JSON.stringify(response.body)).not.toMatch(/Secret Name|Club Admin|Male/);
      }
      expect(await t.db.select().from(teams)).toEqual([]);
      expect(await t.db.select().from(teamInvites)).toEqual([]);
      expect(await inviteMails(ravi)).toEqual([]);
    });

    it("checks the year and branch listed against the classmate's account, in the sign-up's words, and forms nothing otherwise", async () => {
      const event = await groupEvent();
      const leader = await person(t, { name: 'Asha Rao' });
      const ravi = await person(t, { name: 'Ravi Kumar' });

      const wrongYear = await form(event, leader, [ravi.user.email], { year: '4', branch: 'CSE' });
      expectError(
        wrongYear,
        400,
        `The year and branch listed for ${ravi.user.email} are not those of that account. Check them with your classmate, or the address.`,
      );
      expect(JSON.stringify(wrongYear.body)).not.toMatch(/Ravi Kumar/);
      expectError(await form(event, leader, [ravi.user.email], { year: '3', branch: 'IT' }), 400, /are not those of that account/);
      // The sign-up's words and its rule of years per department, not a list of the form's own.
      expectError(await form(event, leader, [ravi.user.email], { year: '3', branch: 'BT' }), 400, 'Please select a valid branch');
      expectError(await form(event, leader, [ravi.user.email], { year: '7', branch: 'CSE' }), 400, 'Please select a valid year');
      expect(await t.db.select().from(teams)).toEqual([]);
      expect(await inviteMails(ravi)).toEqual([]);

      await form(event, leader, [ravi.user.email], { year: '3', branch: 'CSE' }).expect(201);
    });

    it('names a member it cannot invite by the address typed, never by their name, and sends nothing', async () => {
      const event = await groupEvent({ name: 'Tug of War', hasGenderBasedTeams: true, maxBoyTeams: 2, maxGirlTeams: 2 });
      const leader = await person(t, { name: 'Asha Rao', gender: 'Female' });
      const [taken, other, boy] = [
        await person(t, { name: 'Taken Person', gender: 'Female' }),
        await person(t, { name: 'Their Leader', gender: 'Female' }),
        await person(t, { name: 'Hidden Boy', gender: 'Male' }),
      ];
      await teamFromForm(event, other, [taken]);

      const inTeam = await form(event, leader, [taken.user.email]);
      expectError(inTeam, 409, `${taken.user.email} is already in a team for Tug of War.`);
      const gender = await form(event, leader, [boy.user.email]);
      expectError(gender, 409, `This is a gender-based event. ${boy.user.email} (boy) cannot join a girl team in Tug of War`);
      expect(JSON.stringify([inTeam.body, gender.body])).not.toMatch(/Taken Person|Hidden Boy/);
      expect(await t.db.select().from(teams).where(eq(teams.leaderId, leader.user.id))).toEqual([]);
      expect(await inviteMails(boy)).toEqual([]);
    });

    it('shares the member search budget: it tells whether an address is an account, so it is no second way around the search limits', async () => {
      const event = await groupEvent();
      const [leader, ravi] = [await person(t, { name: 'Asha Rao' }), await person(t, { name: 'Ravi Kumar' })];
      for (let i = 0; i < 30; i += 1) await leader.agent.get(`/api/v1/users/search?q=student${i}`).expect(200);

      const response = await form(event, leader, [ravi.user.email]);

      expect(response.status).toBe(429);
      expect(await t.db.select().from(teams)).toEqual([]);
    });

    it('takes two listed members accepting at once, and one member accepting two teams at once joins one', async () => {
      const event = await groupEvent({ maxTeamSize: 3 });
      const [leader, second, ravi, meena] = await Promise.all(['Asha Rao', 'Kiran Shah', 'Ravi Kumar', 'Meena Das'].map((name) => person(t, { name })));
      const teamId = (await form(event, leader, [ravi.user.email, meena.user.email]).expect(201)).body.team._id;
      const rival = (await form(event, second, [ravi.user.email]).expect(201)).body.team._id;
      const ofTeam = async (who: Person, id: string) => (await invitationsTo(who)).find((invite) => invite.teamId._id === id)!._id;
      const [raviToFirst, raviToRival, meenaToFirst] = [await ofTeam(ravi, teamId), await ofTeam(ravi, rival), await ofTeam(meena, teamId)];

      const answers = await Promise.all([answer(ravi, raviToFirst, 'accept'), answer(ravi, raviToRival, 'accept'), answer(meena, meenaToFirst, 'accept')]);

      expect(answers[2].status).toBe(200);
      expect([answers[0].status, answers[1].status].sort()).toEqual([200, 409]);
      expect(await t.db.select().from(teamMembers).where(eq(teamMembers.userId, ravi.user.id))).toHaveLength(1);
      const members = await t.db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId));
      expect(members.length).toBe(answers[0].status === 200 ? 3 : 2);
    });

    it('a member accepting while the leader registers: the registration holds exactly the members of the team', async () => {
      const event = await groupEvent({ maxTeamSize: 3 });
      const [leader, ravi, meena] = await Promise.all(['Asha Rao', 'Ravi Kumar', 'Meena Das'].map((name) => person(t, { name })));
      const teamId = (await form(event, leader, [ravi.user.email, meena.user.email]).expect(201)).body.team._id;
      await answer(ravi, (await invitationsTo(ravi))[0]._id, 'accept').expect(200);
      const meenasInvite = (await invitationsTo(meena))[0]._id;

      const [registered, accepted] = await Promise.all([registerTeam(leader, teamId), answer(meena, meenasInvite, 'accept')]);

      expect(registered.status).toBe(200);
      const members = (await t.db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId))).map((member) => member.userId);
      const held = (await t.db.select().from(registrations).where(eq(registrations.teamId, teamId))).map((registration) => registration.userId);
      expect(held.sort()).toEqual([...members].sort());
      expect(members).toHaveLength(accepted.status === 200 ? 3 : 2);
    });
  });

  describe('invitations per recipient', () => {
    it(`gives a classmate at most ${INVITES_PER_RECIPIENT_PER_HOUR} invitations an hour from one leader, cancelled ones counted`, async () => {
      const event = await groupEvent();
      const [leader, ravi] = [await person(t, { name: 'Asha Rao' }), await person(t, { name: 'Ravi Kumar' })];
      const teamId = (await leader.agent.post('/api/v1/teams/create').send({ eventId: event.id, teamName: 'Loop' }).expect(201)).body.team._id;
      const invite = () => leader.agent.post('/api/v1/teams/invite').send({ teamId, userIds: [ravi.user.id] });

      for (let i = 0; i < INVITES_PER_RECIPIENT_PER_HOUR; i += 1) {
        const sent = await invite().expect(200);
        await leader.agent.delete(`/api/v1/teams/invite/${sent.body.team.pendingInvites[0]._id}`).expect(200);
      }
      expectError(
        await invite(),
        409,
        `Ravi Kumar has had ${INVITES_PER_RECIPIENT_PER_HOUR} invitations from you in the last hour. Please wait before inviting them again.`,
      );
      expect(await inviteMails(ravi)).toHaveLength(INVITES_PER_RECIPIENT_PER_HOUR);

      t.clock.advance(HOUR + 1000);
      await invite().expect(200);
      expect(await inviteMails(ravi)).toHaveLength(INVITES_PER_RECIPIENT_PER_HOUR + 1);
    });

    it('holds under invitations racing from one leader through several teams', async () => {
      const eventsOfLeader = await Promise.all(['One', 'Two', 'Three', 'Four', 'Five'].map((name) => groupEvent({ name: `Hack ${name}` })));
      const [leader, ravi] = [await person(t, { name: 'Asha Rao' }), await person(t, { name: 'Ravi Kumar' })];
      const teamIds: string[] = [];
      for (const event of eventsOfLeader) {
        teamIds.push((await leader.agent.post('/api/v1/teams/create').send({ eventId: event.id, teamName: 'Loop' }).expect(201)).body.team._id);
      }

      const answers = await Promise.all(teamIds.map((teamId) => leader.agent.post('/api/v1/teams/invite').send({ teamId, userIds: [ravi.user.id] })));

      expect(answers.filter((response) => response.status === 200)).toHaveLength(INVITES_PER_RECIPIENT_PER_HOUR);
      expect(answers.filter((response) => response.status === 409)).toHaveLength(teamIds.length - INVITES_PER_RECIPIENT_PER_HOUR);
      expect(await t.db.select().from(teamInvites).where(eq(teamInvites.inviteeId, ravi.user.id))).toHaveLength(INVITES_PER_RECIPIENT_PER_HOUR);
      expect(await inviteMails(ravi)).toHaveLength(INVITES_PER_RECIPIENT_PER_HOUR);
    });
  });

  describe('the team rules at every step', () => {
    it('refuses inviting and accepting once registration has closed or the event is inactive', async () => {
      const event = await groupEvent();
      const [leader, ravi, meena] = await Promise.all(['Asha Rao', 'Ravi Kumar', 'Meena Das'].map((name) => person(t, { name })));
      const teamId = (await form(event, leader, [ravi.user.email]).expect(201)).body.team._id;
      const invite = (await invitationsTo(ravi))[0]._id;

      await t.db.update(events).set({ isActive: false }).where(eq(events.id, event.id));
      expect((await answer(ravi, invite, 'accept')).status).toBe(409);
      expect((await leader.agent.post('/api/v1/teams/invite').send({ teamId, userIds: [meena.user.id] })).status).toBe(409);

      await t.db
        .update(events)
        .set({ isActive: true, registrationDeadline: new Date(DURING_REGISTRATION.getTime() - HOUR) })
        .where(eq(events.id, event.id));
      const late = await answer(ravi, invite, 'accept');
      expectError(late, 409, /deadline/i);
      expectError(await leader.agent.post('/api/v1/teams/invite').send({ teamId, userIds: [meena.user.id] }), 409, /deadline/i);
      expect(await t.db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId))).toHaveLength(1);
    });

    it('keeps a team within the largest size when accepting and when registering, after the size was lowered', async () => {
      const event = await groupEvent({ maxTeamSize: 4 });
      const people = await Promise.all(['Asha Rao', 'Ravi Kumar', 'Meena Das', 'Kiran Shah'].map((name) => person(t, { name })));
      const [leader, ...members] = people;
      const teamId = (
        await form(
          event,
          leader,
          members.map((member) => member.user.email),
        ).expect(201)
      ).body.team._id;
      for (const member of members.slice(0, 2)) await answer(member, (await invitationsTo(member))[0]._id, 'accept').expect(200);

      await t.db.update(events).set({ maxTeamSize: 3 }).where(eq(events.id, event.id));
      expectError(
        await answer(members[2], (await invitationsTo(members[2]))[0]._id, 'accept'),
        409,
        'This team is full: teams in Hackathon have at most 3 members.',
      );

      await t.db.update(events).set({ maxTeamSize: 2 }).where(eq(events.id, event.id));
      expectError(
        await registerTeam(leader, teamId),
        409,
        'A team has at most 2 members in Hackathon: this one has 3. A member must leave before it registers.',
      );
      expect(await seats(event)).toBe(0);
    });
  });
});

describe('cancel-and-register cycles', () => {
  const t = useTestApp({}, { now: DURING_REGISTRATION, rateLimits: { cancelByAccount: { limit: 2, windowSeconds: 3600 } } });

  it("are throttled per account: each registration e-mails the team's members", async () => {
    const event = await createEvent(t.db, { name: 'Hackathon', eventType: 'group', minTeamSize: 2, maxTeamSize: 4 });
    const [leader, ravi] = [await person(t, { name: 'Asha Rao' }), await person(t, { name: 'Ravi Kumar' })];
    const teamId = await teamFromForm(event, leader, [ravi]);
    const cancel = () => leader.agent.post(`/api/v1/registrations/${event.id}/cancel`).send({ eventName: 'Hackathon' });

    for (let i = 0; i < 2; i += 1) {
      await registerTeam(leader, teamId).expect(200);
      await cancel().expect(200);
    }
    await registerTeam(leader, teamId).expect(200);
    expect((await cancel()).status).toBe(429);
    expect(await t.db.$count(registrations, eq(registrations.eventId, event.id))).toBe(2);
  });
});
