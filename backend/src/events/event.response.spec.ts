import type { EventRow } from '../database/schema/events.js';
import { sharedEventJson, toEventResponse, viewerFieldsJson } from './event.response.js';

const created = new Date('2025-08-01T10:00:00.000Z');
const row: EventRow = {
  id: '6f1c2d9e-8a43-4e55-9a1e-0d5a1b2c3d4e',
  editionId: 1,
  name: 'Quiz Mania',
  description: 'A quiz',
  eventType: 'group',
  clubInCharge: 'Blue Sky Forum',
  staffInCharges: [],
  rules: ['Teams of 2 or 3.'],
  minTeamSize: 2,
  maxTeamSize: 3,
  eventDate: null,
  eventEndDate: null,
  registrationDeadline: null,
  maxApplications: 40,
  seatsTaken: 33,
  seatsHeld: 0,
  venue: 'Main Auditorium',
  coordinatorName: 'Rahul Verma',
  coordinatorDept: 'MECH',
  isActive: true,
  requiresApproval: false,
  hasGenderBasedTeams: false,
  maxBoyTeams: null,
  maxGirlTeams: null,
  createdAt: created,
  updatedAt: created,
};

describe('toEventResponse', () => {
  it('computes the seats left from the seats taken', () => {
    expect(toEventResponse(row)).toMatchObject({ actualSeatsTaken: 33, availableSeats: 7, maxApplications: 40, max_participants: 40 });
  });

  it('reports unlimited events with no seat limit', () => {
    expect(toEventResponse({ ...row, maxApplications: null, seatsTaken: 5 })).toMatchObject({ actualSeatsTaken: 5, availableSeats: null });
  });

  it('dates an undated event by its creation for cards, keeps its own date null (TBA), and null deadlines', () => {
    expect(toEventResponse(row)).toMatchObject({ event_date: created.toISOString(), eventDate: null, registration_deadline: null });
  });

  it('exposes the id under both names the specs use', () => {
    const response = toEventResponse(row);
    expect(response._id).toBe(row.id);
    expect(response.event_id).toBe(row.id);
  });
});

describe('sharedEventJson and viewerFieldsJson', () => {
  const userId = '0b8f6a52-3c1d-4e7a-9f20-5d6e7f8a9b0c';

  it("splice to the same bytes as the whole answer, for a visitor and for a student's own registration", () => {
    const participation = { appliedAt: created, status: 'pending' as const };
    for (const viewer of [undefined, { userId, participation: undefined }, { userId, participation }]) {
      expect(sharedEventJson(row) + viewerFieldsJson(viewer)).toBe(JSON.stringify(toEventResponse(row, viewer)));
    }
  });
});
