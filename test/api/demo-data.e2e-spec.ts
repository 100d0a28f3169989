import { eq } from 'drizzle-orm';
import request from 'supertest';
import { users } from '../../backend/src/database/schema/users';
import { DemoDataService } from '../../backend/src/demo/demo-data.service';
import { useTestApp } from './support/test-app';

describe('demo data', () => {
  const t = useTestApp({ demoData: false, festivalDate: new Date('2026-12-20T00:00:00+05:30'), festivalDatesSet: true });

  it('loads the 24 demo events around the configured festival day', async () => {
    await expect(t.app.get(DemoDataService).load()).resolves.toBe(true);

    const { body } = await request(t.http).get('/api/v1/events').expect(200);
    expect(body.events).toHaveLength(24);
    expect(body.events.filter((event: { name: string }) => event.name === 'Treasure Hunt')).toHaveLength(1);
    for (const event of body.events) expect(event.event_date.slice(0, 10)).toMatch(/^2026-12-(19|20)$/);
  });

  it('never loads them twice, even when several instances start together', async () => {
    const demo = t.app.get(DemoDataService);
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => demo.load()));

    expect(outcomes.filter(Boolean)).toHaveLength(1);
    await expect(demo.load()).resolves.toBe(false);
    const { body } = await request(t.http).get('/api/v1/events').expect(200);
    expect(body.events).toHaveLength(24);
  });

  it("has Blue Sky Forum's club admin, who runs Paper Presentation and is among its staff in-charge", async () => {
    await t.app.get(DemoDataService).load();

    const signIn = await request(t.http).post('/api/v1/user/signin').send({ email: 'bluesky.admin@campus.ac.in', password: 'ClubAdmin@123' }).expect(200);
    const admin = signIn.body.user;
    expect(admin).toMatchObject({ role: 'admin', isAdmin: true, isSuperAdmin: false, club: 'Blue Sky Forum', isVerified: true });

    const { body } = await request(t.http).get('/api/v1/events').expect(200);
    const paper = body.events.find((event: { name: string }) => event.name === 'Paper Presentation');
    expect(paper).toMatchObject({ clubInCharge: 'Blue Sky Forum', requiresApproval: true });
    expect(paper.staff_incharges).toContainEqual({ adminId: admin._id, name: admin.name, email: 'bluesky.admin@campus.ac.in', club: 'Blue Sky Forum' });
    const [stored] = await t.db.select().from(users).where(eq(users.id, admin._id));
    expect(stored.assignedEventId).toBe(paper._id);
  });
});
