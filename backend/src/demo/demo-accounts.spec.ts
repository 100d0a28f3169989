import { randomUUID } from 'node:crypto';
import { assignDemoAdmins, demoAccounts, describeDemoAccounts } from './demo-accounts.js';
import { demoEvents } from './demo-events.js';

const hashOf = (password: string) => Promise.resolve(`hash of ${password}`);

describe('demo accounts', () => {
  it('gives the club admin the event it names, and a place among its staff in-charge', async () => {
    const accounts = await demoAccounts('campus.ac.in', hashOf);
    const events = demoEvents(new Date('2025-08-30T00:00:00+05:30'), 'campus.ac.in').map((event) => ({ ...event, id: randomUUID() }));

    const staffed = assignDemoAdmins(accounts, events);

    const admin = staffed.users.find((user) => user.email === 'bluesky.admin@campus.ac.in');
    const paper = staffed.events.find((event) => event.name === 'Paper Presentation');
    expect(admin).toMatchObject({ role: 'admin', club: 'Blue Sky Forum', assignedEventId: paper?.id, passwordHash: 'hash of ClubAdmin@123' });
    expect(paper?.staffInCharges).toEqual([
      { adminId: null, name: 'Dr. M. Latha', email: 'latha.m@campus.ac.in', club: 'Blue Sky Forum' },
      { adminId: admin?.id, name: admin?.name, email: 'bluesky.admin@campus.ac.in', club: 'Blue Sky Forum' },
    ]);
    // Nobody else is assigned an event, and no other event changes.
    expect(staffed.users.filter((user) => user.assignedEventId)).toHaveLength(1);
    expect(staffed.events.filter((event) => event !== paper)).toEqual(events.filter((event) => event.name !== 'Paper Presentation'));
  });

  it('names every account and its password in the start-up line', () => {
    expect(describeDemoAccounts('campus.ac.in')).toBe(
      'Demo accounts (development only): superadmin@campus.ac.in (super admin) with password Festival@2025; ' +
        'bluesky.admin@campus.ac.in (club admin of Blue Sky Forum, running Paper Presentation) with password ClubAdmin@123; ' +
        'priya.23cse@campus.ac.in, arjun.22it@campus.ac.in, meera.23ece@campus.ac.in, karthik.22mech@campus.ac.in, sana.24mba@campus.ac.in (students) with password Student@123.',
    );
  });
});
