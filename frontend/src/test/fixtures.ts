import type { FestEvent, SessionUser } from '../api/types';
import type { RootState } from '../app/store';

let sequence = 0;

/** A plausible event; override what a test is about. */
export function makeEvent(overrides: Partial<FestEvent> = {}): FestEvent {
  sequence += 1;
  const id = `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
  return {
    _id: id,
    event_id: id,
    name: `Event ${sequence}`,
    description: 'A festival event.',
    event_type: 'solo',
    clubInCharge: 'Tech Club',
    staff_incharges: [],
    rules: [],
    minTeamSize: null,
    maxTeamSize: null,
    event_date: '2026-12-20T04:30:00.000Z',
    eventDate: '2026-12-20T04:30:00.000Z',
    registration_deadline: null,
    applicationDeadline: null,
    maxApplications: 40,
    max_participants: 40,
    actualSeatsTaken: 0,
    availableSeats: 40,
    venue: 'Main Auditorium',
    coordinatorName: 'Dr. Meera Iyer',
    coordinatorDept: 'CSE',
    isActive: true,
    requiresApproval: false,
    hasGenderBasedTeams: false,
    maxBoyTeams: null,
    maxGirlTeams: null,
    createdAt: '2026-10-01T06:00:00.000Z',
    updatedAt: '2026-10-01T06:00:00.000Z',
    isRegistered: false,
    registrationStatus: null,
    applications: [],
    ...overrides,
  };
}

/** A verified student; override the role flags for admins. */
export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    _id: 'aaaaaaaa-0000-4000-8000-000000000001',
    name: 'Priya Raman',
    email: 'priya.23cse@campus.ac.in',
    role: 'student',
    isAdmin: false,
    isSuperAdmin: false,
    isVerified: true,
    gender: 'Female',
    dept: 'CSE',
    year: '3',
    rollNumber: '23CSE014',
    club: null,
    createdAt: '2026-10-01T06:00:00.000Z',
    ...overrides,
  };
}

export const clubAdmin = (overrides: Partial<SessionUser> = {}) =>
  makeUser({
    _id: 'aaaaaaaa-0000-4000-8000-000000000002',
    name: 'Kavya Nair',
    email: 'kavya@campus.ac.in',
    role: 'admin',
    isAdmin: true,
    club: 'Tech Club',
    ...overrides,
  });

export const superAdmin = () =>
  makeUser({
    _id: 'aaaaaaaa-0000-4000-8000-000000000003',
    name: 'Festival Super Admin',
    email: 'superadmin@campus.ac.in',
    role: 'superadmin',
    isAdmin: true,
    isSuperAdmin: true,
  });

/** Store state with the session already loaded: signed in as `user`, or signed out. */
export function sessionOf(user: SessionUser | null): Partial<RootState> {
  return { session: { user, isAuthenticated: user !== null, isLoading: false } };
}
