import { eq } from 'drizzle-orm';
import request from 'supertest';
import { eventSeats } from '../../backend/src/database/schema/events';
import { expectError } from './support/expectations';
import { createEvent } from './support/factories';
import { resetDatabase, startApp, useTestApp } from './support/test-app';

describe('events catalogue', () => {
  const t = useTestApp();

  describe('GET /api/v1/events', () => {
    it('answers an empty list when the festival has no events yet', async () => {
      const response = await request(t.http).get('/api/v1/events').expect(200);
      expect(response.body).toEqual({ success: true, events: [] });
    });

    it('lists every event in date order with its seats taken and left', async () => {
      const later = await createEvent(t.db, {
        name: 'Debate',
        eventType: 'group',
        minTeamSize: 2,
        maxTeamSize: 2,
        eventDate: new Date('2025-08-30T09:00:00Z'),
        maxApplications: 32,
        seatsTaken: 30,
      });
      const earlier = await createEvent(t.db, { name: 'Chess Blitz', eventDate: new Date('2025-08-30T04:30:00Z'), maxApplications: null, seatsTaken: 12 });

      const response = await request(t.http).get('/api/v1/events').expect(200);

      expect(response.body.success).toBe(true);
      expect(response.body.events.map((event: { name: string }) => event.name)).toEqual(['Chess Blitz', 'Debate']);
      expect(response.body.events[0]).toMatchObject({
        _id: earlier.id,
        event_id: earlier.id,
        event_type: 'solo',
        maxApplications: null,
        actualSeatsTaken: 12,
        availableSeats: null,
      });
      expect(response.body.events[1]).toMatchObject({
        _id: later.id,
        name: 'Debate',
        event_type: 'group',
        clubInCharge: 'Tech Club',
        minTeamSize: 2,
        maxTeamSize: 2,
        maxApplications: 32,
        max_participants: 32,
        actualSeatsTaken: 30,
        availableSeats: 2,
        event_date: '2025-08-30T09:00:00.000Z',
        eventDate: '2025-08-30T09:00:00.000Z',
        registration_deadline: '2025-08-28T18:29:00.000Z',
        applicationDeadline: '2025-08-28T18:29:00.000Z',
        venue: 'Seminar Hall 1',
        coordinatorName: 'Test Coordinator',
        coordinatorDept: 'CSE',
        rules: ['Be on time.'],
        isActive: true,
        hasGenderBasedTeams: false,
      });
    });
    it('answers 304 to a visitor who holds the current list, and new bytes once a seat is taken', async () => {
      const event = await createEvent(t.db, { name: 'Chess Blitz', maxApplications: 10, seatsTaken: 3 });
      const first = await request(t.http).get('/api/v1/events').expect(200);
      const etag = first.headers.etag;
      expect(etag).toMatch(/^".+"$/);

      const again = await request(t.http).get('/api/v1/events').set('If-None-Match', etag).expect(304);
      expect(again.text).toBe('');

      await t.db.update(eventSeats).set({ taken: 4 }).where(eq(eventSeats.eventId, event.id));
      const changed = await request(t.http).get('/api/v1/events').set('If-None-Match', etag).expect(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect(changed.body.events[0]).toMatchObject({ actualSeatsTaken: 4, availableSeats: 6 });
    });
  });

  describe('GET /api/v1/events/:id', () => {
    it('answers one event with its gender-based team limits and staff in-charges', async () => {
      const event = await createEvent(t.db, {
        name: 'Tug of War',
        eventType: 'group',
        minTeamSize: 6,
        maxTeamSize: 8,
        maxApplications: 16,
        hasGenderBasedTeams: true,
        maxBoyTeams: 8,
        maxGirlTeams: 8,
        staffInCharges: [{ adminId: null, name: 'Mr. R. Ganesh', email: 'ganesh.r@campus.ac.in', club: 'Sports Club' }],
      });

      const response = await request(t.http).get(`/api/v1/events/${event.id}`).expect(200);

      expect(response.body).toMatchObject({
        success: true,
        event: {
          _id: event.id,
          name: 'Tug of War',
          hasGenderBasedTeams: true,
          maxBoyTeams: 8,
          maxGirlTeams: 8,
          availableSeats: 16,
          staff_incharges: [{ adminId: null, name: 'Mr. R. Ganesh', email: 'ganesh.r@campus.ac.in', club: 'Sports Club' }],
        },
      });
    });

    it('dates an undated event by its creation for cards, and leaves its own date null (TBA)', async () => {
      const event = await createEvent(t.db, { eventDate: null, registrationDeadline: null });
      const response = await request(t.http).get(`/api/v1/events/${event.id}`).expect(200);
      expect(response.body.event.event_date).toBe(event.createdAt.toISOString());
      expect(response.body.event.eventDate).toBeNull();
      expect(response.body.event.registration_deadline).toBeNull();
    });

    it('answers 404 for an event that does not exist', async () => {
      expectError(await request(t.http).get('/api/v1/events/2b1f0c52-6f0e-4c3a-9d57-6c1f9b8e2a10'), 404, 'Event not found');
    });

    it('answers 400 for a malformed id', async () => {
      expectError(await request(t.http).get('/api/v1/events/not-an-id'), 400, 'Invalid event id');
      expectError(await request(t.http).get("/api/v1/events/1' or '1'='1"), 400, 'Invalid event id');
    });
  });

  it('keeps the seat counter within capacity at the database level', async () => {
    await expect(createEvent(t.db, { maxApplications: 5, seatsTaken: 6 })).rejects.toThrow();
    await expect(createEvent(t.db, { maxApplications: 0 })).rejects.toThrow();
  });

  it('refuses two events whose names differ only in case', async () => {
    await createEvent(t.db, { name: 'Treasure Hunt' });
    await expect(createEvent(t.db, { name: 'treasure hunt' })).rejects.toThrow();
  });

  it('reuses the list for EVENT_LIST_CACHE_MS, while an event page is always fresh', async () => {
    const cached = await startApp({ eventListCacheMs: 60_000 });
    try {
      await resetDatabase(cached.db);
      const first = await createEvent(cached.db, { maxApplications: 10 });
      expect((await request(cached.http).get('/api/v1/events').expect(200)).body.events).toHaveLength(1);
      await createEvent(cached.db);
      expect((await request(cached.http).get('/api/v1/events').expect(200)).body.events).toHaveLength(1);
      await request(cached.http).get(`/api/v1/events/${first.id}`).expect(200);
    } finally {
      await resetDatabase(cached.db);
      await cached.close();
    }
  });

  it('states the festival dates and the number of events', async () => {
    await createEvent(t.db);
    await createEvent(t.db);
    const response = await request(t.http).get('/api/v1/festival').expect(200);
    expect(response.body).toEqual({
      success: true,
      festival: {
        name: 'Campus Festival',
        tagline: expect.any(String),
        firstDay: '2025-08-30',
        lastDay: '2025-08-30',
        festivalDate: '2025-08-29T18:30:00.000Z',
        festivalEndsAt: '2025-08-30T18:30:00.000Z',
        timeZone: 'Asia/Kolkata',
        registrationOpensAt: '2025-08-13T18:30:00.000Z',
        registrationClosesAt: null,
        about: expect.objectContaining({ undergraduateProgrammes: expect.arrayContaining(['Civil']), contactEmail: '' }),
        institutionEmailDomain: 'campus.ac.in',
        eventCount: 2,
      },
    });
  });
});
