import request from 'supertest';
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
});
