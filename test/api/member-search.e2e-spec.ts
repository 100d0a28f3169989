import { createUser, signedIn } from './support/accounts';
import { expectError } from './support/expectations';
import { createEvent } from './support/factories';
import { useTestApp } from './support/test-app';

describe('finding classmates for a team', () => {
  const t = useTestApp();

  async function classmates() {
    const asking = await createUser(t, { name: 'Priya Raman', gender: 'Female' });
    const meera = await createUser(t, { name: 'Meera Krishnan', gender: 'Female', dept: 'ECE', year: '4' });
    const arjun = await createUser(t, { name: 'Arjun Mehta', gender: 'Male', email: 'arjun.meera.fan@campus.ac.in' });
    const noGender = await createUser(t, { name: 'Kim Meera', gender: null });
    await createUser(t, { name: 'Meera Unverified', isVerified: false });
    await createUser(t, { name: 'Meera Admin', role: 'admin', club: 'Tech Club' });
    return { asking, meera, arjun, noGender, agent: await signedIn(t, asking) };
  }

  it('finds verified students by name or e-mail, never the asker, admins or unverified accounts', async () => {
    const { meera, arjun, noGender, agent } = await classmates();
    const response = await agent.get('/api/v1/users/search?q=MEERA').expect(200);
    expect(response.body).toEqual({
      success: true,
      users: [
        { _id: arjun.id, name: 'Arjun Mehta', email: arjun.email, dept: 'CSE', year: '3', gender: 'Male' },
        { _id: noGender.id, name: 'Kim Meera', email: noGender.email, dept: 'CSE', year: '3', gender: null },
        { _id: meera.id, name: 'Meera Krishnan', email: meera.email, dept: 'ECE', year: '4', gender: 'Female' },
      ],
    });
    const self = await agent.get('/api/v1/users/search?q=Priya').expect(200);
    expect(self.body.users).toEqual([]);
  });

  it('treats search text literally', async () => {
    const { agent } = await classmates();
    expect((await agent.get(`/api/v1/users/search?q=${encodeURIComponent('%%')}`).expect(200)).body.users).toEqual([]);
    expect((await agent.get(`/api/v1/users/search?q=${encodeURIComponent('__')}`).expect(200)).body.users).toEqual([]);
  });

  it.each([
    ['a gender-based event', { name: 'Tug of War', hasGenderBasedTeams: true, maxBoyTeams: 8, maxGirlTeams: 8 }],
    ['a treasure hunt', { name: 'Campus Treasure Hunt' }],
  ])('for %s finds only students of the asker’s gender', async (_case, event) => {
    const { meera, agent } = await classmates();
    const { id } = await createEvent(t.db, { eventType: 'group', minTeamSize: 2, maxTeamSize: 4, ...event });
    const response = await agent.get(`/api/v1/users/search?q=meera&eventId=${id}`).expect(200);
    expect(response.body.users.map((u: { _id: string }) => u._id)).toEqual([meera.id]);
  });

  it('finds nobody for a gender-based event when the asker has not given a gender', async () => {
    await classmates();
    const agent = await signedIn(t, await createUser(t, { gender: null }));
    const { id } = await createEvent(t.db, { name: 'Treasure Hunt', eventType: 'group' });
    expect((await agent.get(`/api/v1/users/search?q=meera&eventId=${id}`).expect(200)).body.users).toEqual([]);
  });

  it('applies no gender rule to other events', async () => {
    const { agent } = await classmates();
    const { id } = await createEvent(t.db, { name: 'Quiz Mania', eventType: 'group' });
    expect((await agent.get(`/api/v1/users/search?q=meera&eventId=${id}`).expect(200)).body.users).toHaveLength(3);
  });

  it("searches from one character, as the team manager's search does", async () => {
    const { arjun, agent } = await classmates();
    const response = await agent.get('/api/v1/users/search?q=j').expect(200);
    expect(response.body.users).toEqual([expect.objectContaining({ _id: arjun.id, name: 'Arjun Mehta' })]);
  });

  it('explains a bad search', async () => {
    const { agent } = await classmates();
    expectError(await agent.get('/api/v1/users/search?q=%20%20'), 400, 'Please enter a name or email to search');
    expectError(await agent.get('/api/v1/users/search'), 400, 'Please enter a name or email to search');
    expectError(await agent.get('/api/v1/users/search?q=meera&eventId=nope'), 400, 'Invalid event id');
    expectError(await agent.get('/api/v1/users/search?q=meera&eventId=2b1f0c52-6f0e-4c3a-9d57-6c1f9b8e2a10'), 404, 'Event not found');
  });
});
