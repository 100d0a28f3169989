// Events a journey makes for itself through the API and deletes at its end, pass or fail, so the
// other journeys find the demo festival as it was: deleting cancels the event's registrations
// (and e-mails them), which a registration with attendance recorded could not otherwise undo.
import { expect, type APIRequestContext } from '@playwright/test';

/** A solo event of Blue Sky Forum on the festival's first day, made by the super admin `boss`: its id. */
export async function createSoloEvent(boss: APIRequestContext, name: string, description: string): Promise<string> {
  const { festival } = (await (await boss.get('/api/v1/festival')).json()) as { festival: { firstDay: string } };
  const created = await boss.post('/api/v1/admin/events', {
    data: {
      name,
      event_type: 'solo',
      clubInCharge: 'Blue Sky Forum',
      description,
      staff_incharges: [{ adminId: null, name: 'Dr. M. Latha', email: 'latha.m@campus.ac.in', club: 'Blue Sky Forum' }],
      maxApplications: 20,
      eventDate: `${festival.firstDay}T04:30:00.000Z`,
      venue: 'Seminar Hall',
      rules: ['Two minutes, no notes.'],
      coordinatorName: 'Rahul Verma',
      coordinatorDept: 'MECH',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { event: { _id: string } }).event._id;
}

/** Moves the event to `startsAt`: registrations are taken before the event day, attendance on it. */
export async function moveEvent(boss: APIRequestContext, eventId: string, startsAt: Date): Promise<void> {
  const moved = await boss.put(`/api/v1/admin/events/${eventId}`, { data: { eventDate: startsAt.toISOString() } });
  expect(moved.status(), await moved.text()).toBe(200);
}

export async function deleteEvent(boss: APIRequestContext, eventId: string): Promise<void> {
  const deleted = await boss.delete(`/api/v1/admin/events/${eventId}`);
  expect(deleted.ok(), await deleted.text()).toBe(true);
}
