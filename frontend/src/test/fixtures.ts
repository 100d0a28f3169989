import type {
  AdminApplication,
  AdminEvent,
  Applicant,
  AdminInvite,
  CertificateFacts,
  Classmate,
  Club,
  DashboardStats,
  DetailedEvent,
  EventAdminStatus,
  EventWithAdminStatus,
  FestEvent,
  Festival,
  FestivalSettings,
  Invite,
  SessionUser,
  Team,
  WaitlistEntry,
} from '../api/types';
import type { RootState } from '../app/store';

let sequence = 0;

/** A valid UUID, unique in the run: `family` (eight hex digits) tells what kind of record it names. */
const fakeId = (family: string) => `${family}-0000-4000-8000-${String(sequence).padStart(12, '0')}`;

/** A plausible event; override what a test is about. */
export function makeEvent(overrides: Partial<FestEvent> = {}): FestEvent {
  sequence += 1;
  const id = fakeId('00000000');
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
    eventEndDate: null,
    registration_deadline: null,
    applicationDeadline: null,
    maxApplications: 40,
    max_participants: 40,
    actualSeatsTaken: 0,
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
    availableSeats: freeSeatsOf(overrides, 40, 0),
  };
}

/**
 * The free seats the server would send for the capacity and seats taken a test sets (default 40
 * and 0), unless it sets them itself (seats held for the waitlist are not free either).
 */
function freeSeatsOf(overrides: Partial<FestEvent>, capacity: number, taken: number): number | null {
  if (overrides.availableSeats !== undefined) return overrides.availableSeats;
  const max = overrides.maxApplications === undefined ? capacity : overrides.maxApplications;
  return max === null ? null : Math.max(0, max - (overrides.actualSeatsTaken ?? taken));
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
    eventReminders: true,
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

/** A classmate the member search finds. */
export function makeClassmate(name: string, overrides: Partial<Classmate> = {}): Classmate {
  sequence += 1;
  return {
    _id: fakeId('bbbbbbbb'),
    name,
    email: `${name.split(' ')[0].toLowerCase()}.23cse@campus.ac.in`,
    dept: 'CSE',
    year: '3',
    gender: 'Female',
    ...overrides,
  };
}

/** A forming team led by `leader` (its first member) for `event`. */
export function makeTeam(event: FestEvent, leader: { _id: string; name: string }, overrides: Partial<Team> = {}): Team {
  sequence += 1;
  return {
    _id: fakeId('cccccccc'),
    teamName: 'Byte Me',
    eventId: { _id: event._id, name: event.name, minTeamSize: event.minTeamSize ?? 2 },
    leader: { _id: leader._id, name: leader.name },
    members: [{ userId: { _id: leader._id, name: leader.name }, joinedAt: '2026-11-20T06:00:00.000Z' }],
    pendingInvites: [],
    maxMembers: event.maxTeamSize ?? 4,
    isRegistered: false,
    gender: null,
    createdAt: '2026-11-20T06:00:00.000Z',
    ...overrides,
  };
}

/** An invite whose inviter, team and event are gone: the server names each with an empty name. */
export const withoutDetails: Partial<Invite> = {
  inviterId: { _id: 'aaaaaaaa-0000-4000-8000-000000000010', name: '', email: '' },
  teamId: { _id: 'cccccccc-0000-4000-8000-000000000099', teamName: '', eventId: { _id: '00000000-0000-4000-8000-000000000099', name: '' } },
  eventId: { _id: '00000000-0000-4000-8000-000000000099', name: '' },
};

/** A pending, unread invite from Asha Rao to her team Byte Me for Hackathon. */
export function makeInvite(overrides: Partial<Invite> = {}): Invite {
  sequence += 1;
  return {
    _id: fakeId('dddddddd'),
    isRead: false,
    message: 'Asha Rao invited you to join their team Byte Me for Hackathon',
    createdAt: '2026-11-20T06:00:00.000Z',
    expiresAt: '2026-11-27T06:00:00.000Z',
    status: 'pending',
    inviterId: { _id: 'aaaaaaaa-0000-4000-8000-000000000010', name: 'Asha Rao', email: 'asha.23cse@campus.ac.in' },
    teamId: { _id: 'cccccccc-0000-4000-8000-000000000099', teamName: 'Byte Me', eventId: { _id: '00000000-0000-4000-8000-000000000099', name: 'Hackathon' } },
    eventId: { _id: '00000000-0000-4000-8000-000000000099', name: 'Hackathon' },
    ...overrides,
  };
}

/** An event as its admins see it, without applications unless given. */
export function makeAdminEvent(overrides: Partial<AdminEvent> = {}): AdminEvent {
  const { applications: _applications, ...event } = makeEvent();
  return {
    ...event,
    applications: [],
    applicationCounts: { pending: 0, approved: 0, rejected: 0 },
    ...overrides,
    availableSeats: freeSeatsOf(overrides, 40, 0),
  };
}

/** A registration the club's admins see; pending unless told. */
export function makeApplication(name: string, overrides: Partial<AdminApplication> = {}): AdminApplication {
  sequence += 1;
  return {
    registrationId: fakeId('eeeeeeee'),
    userId: fakeId('bbbbbbbb'),
    name,
    email: `${name.split(' ')[0].toLowerCase()}.23cse@campus.ac.in`,
    dept: 'CSE',
    year: '3',
    rollNumber: `23CSE${String(sequence).padStart(3, '0')}`,
    status: 'pending',
    appliedAt: '2026-11-20T06:00:00.000Z',
    teamId: null,
    teamName: null,
    ...overrides,
  };
}

/** An event the invitation form lists; free for an admin unless told. */
export function makeEventWithAdminStatus(name: string, clubInCharge: string, adminStatus: Partial<EventAdminStatus> = {}): EventWithAdminStatus {
  sequence += 1;
  return {
    _id: fakeId('00000000'),
    name,
    event_type: 'solo',
    clubInCharge,
    eventDate: '2026-12-20T04:30:00.000Z',
    adminStatus: { status: 'available', adminEmail: null, inviteEmail: null, ...adminStatus },
  };
}

/** A pending invitation for the Tech Club's Code Sprint. */
export function makeAdminInvite(overrides: Partial<AdminInvite> = {}): AdminInvite {
  sequence += 1;
  return {
    _id: fakeId('ffffffff'),
    email: 'arun.staff@campus.ac.in',
    eventId: { _id: '00000000-0000-4000-8000-000000000777', name: 'Code Sprint' },
    clubName: 'Tech Club',
    status: 'Pending',
    isUsed: false,
    usedAt: null,
    inviteTokenExpire: '2026-11-27T06:00:00.000Z',
    createdAt: '2026-11-20T06:00:00.000Z',
    ...overrides,
  };
}

/** An event of the dashboards' detailed panel: a solo event on 20 December 2026 with 40 seats and no registrations unless told. */
export function makeDetailedEvent(overrides: Partial<DetailedEvent> = {}): DetailedEvent {
  sequence += 1;
  const id = fakeId('00000000');
  return {
    _id: id,
    event_id: id,
    name: `Event ${sequence}`,
    event_type: 'solo',
    isTeamEvent: false,
    eventDate: '2026-12-20T04:30:00.000Z',
    maxApplications: 40,
    availableSeats: 40,
    participants: 0,
    teamsCount: 0,
    recentCount: 0,
    occupancy: 0,
    averageTeamSize: null,
    teams: [],
    registrations: [],
    ...overrides,
  };
}

/** The dashboard's cards as the server answers them, all zero unless told. */
export function makeDashboardStats(overrides: Partial<DashboardStats> = {}): DashboardStats {
  return {
    totalEvents: 0,
    totalUsers: 0,
    totalAdmins: 0,
    totalApplications: 0,
    recentRegistrations: 0,
    verifiedUsers: 0,
    unverifiedUsers: 0,
    pendingInvites: 0,
    adminsByClub: [],
    upcomingEvents: 0,
    pastEvents: 0,
    totalRegistrations: 0,
    clubName: null,
    ...overrides,
  };
}

/** A student expected on the event day (absent unless told); `teamId`/`teamName` for a team's member. */
export function makeApplicant(name: string, overrides: Partial<Applicant> = {}): Applicant {
  sequence += 1;
  return {
    userId: fakeId('cccccccc'),
    name,
    email: `${name.split(' ')[0].toLowerCase()}.23cse@campus.ac.in`,
    dept: 'CSE',
    year: '3',
    rollNum: `23CSE${String(sequence).padStart(3, '0')}`,
    teamId: null,
    teamName: null,
    isPresent: false,
    checkedInAt: null,
    checkedInDoor: null,
    ...overrides,
  };
}

/** The student's place in `event`'s line: waiting, third, answerable by them, unless told. */
export function makeWaitlistEntry(event: { _id: string; name: string }, overrides: Partial<WaitlistEntry> = {}): WaitlistEntry {
  sequence += 1;
  return {
    id: fakeId('abababab'),
    event: { id: event._id, name: event.name },
    team: null,
    status: 'waiting',
    place: 3,
    offerExpiresAt: null,
    joinedAt: '2026-11-22T06:00:00.000Z',
    canAnswer: true,
    ...overrides,
  };
}

/** The same entry offered a seat held until `until`. */
export const offered = (entry: WaitlistEntry, until = '2026-11-24T12:30:00.000Z'): WaitlistEntry => ({
  ...entry,
  status: 'offered',
  place: null,
  offerExpiresAt: until,
});

/** The festival as GET /festival answers it: one day, 20 December 2026 in India, registration open from 1 December. */
export function makeFestival(overrides: Partial<Festival> = {}): Festival {
  return {
    name: 'Campus Festival',
    tagline: "Every club's events in one place.",
    firstDay: '2026-12-20',
    lastDay: '2026-12-20',
    festivalDate: '2026-12-19T18:30:00.000Z',
    festivalEndsAt: '2026-12-20T18:30:00.000Z',
    registrationOpensAt: '2026-12-01T03:30:00.000Z',
    registrationClosesAt: null,
    timeZone: 'Asia/Kolkata',
    about: {
      lead: 'An engineering institution by the sea.',
      accreditation: 'Accredited A+.',
      undergraduateProgrammes: ['Civil', 'Mechanical'],
      postgraduateProgrammes: ['MBA'],
      vision: 'To build.',
      mission: 'To teach.',
      contactEmail: 'office@campus.ac.in',
      contactPhone: '+91 44 2345 6789',
      contactNote: 'The Student Affairs office, 9 am to 5 pm.',
    },
    institutionEmailDomain: 'campus.ac.in',
    eventCount: 24,
    ...overrides,
  };
}

/** The clubs as GET /clubs answers them: a fresh database's ten, or those named (a retired one as `{ name, retiredAt }`). */
export function makeClubs(clubs: (string | { name: string; retiredAt: string })[] = FIRST_CLUBS): Club[] {
  return clubs.map((club, index) => {
    const { name, retiredAt = null } = typeof club === 'string' ? { name: club } : club;
    return { _id: `c1ab0000-0000-4000-8000-${String(index).padStart(12, '0')}`, name, description: '', retiredAt };
  });
}

const FIRST_CLUBS = [
  'Blue Sky Forum',
  "Readers' Club",
  'Photography Club',
  'Dance Club',
  'Music Club',
  'Drama Club',
  'Tech Club',
  'Literary Club',
  'Sports Club',
  'Cultural Club',
];

/** The festival's settings as the settings page reads them, saved (version 3); `overrides` change what a test is about. */
export function makeFestivalSettings(overrides: Partial<FestivalSettings> = {}): FestivalSettings {
  return {
    name: 'Campus Festival',
    tagline: "Every club's events in one place.",
    firstDay: '2026-12-20',
    lastDay: '2026-12-20',
    registrationOpensAt: '2026-11-30T18:30:00.000Z',
    registrationClosesAt: null,
    timeZone: 'Asia/Kolkata',
    about: {
      lead: 'By the sea.',
      accreditation: 'Accredited.',
      undergraduateProgrammes: ['Civil', 'Mechanical'],
      postgraduateProgrammes: ['MBA'],
      vision: 'To build.',
      mission: 'To teach.',
      contactEmail: '',
      contactPhone: '',
      contactNote: 'Ask the office.',
    },
    certificate: { institutionName: 'Coastal Institute of Technology', signatories: [{ name: 'Dr. Meenakshi Iyer', title: 'Principal' }] },
    rules: { maxRegistrationsPerStudent: 0, clashCheck: false, eventLengthMinutes: 120, waitlistOfferHours: 12 },
    version: 3,
    updatedAt: '2026-11-20T04:30:00.000Z',
    source: 'saved',
    ...overrides,
  };
}

/** A certificate's facts as the verification page shows them: Priya's participation in Code Sprint, unless told. */
export function makeCertificateFacts(overrides: Partial<CertificateFacts> = {}): CertificateFacts {
  return {
    code: 'K7QX9M2D4TPA8R1B',
    kind: 'participation',
    place: null,
    studentName: 'Priya Sharma',
    teamName: null,
    eventName: 'Code Sprint',
    eventDate: '2026-12-20T04:30:00.000Z',
    club: 'Tech Club',
    festivalName: 'Techzia 2026',
    institutionName: 'Campus Institute of Technology',
    timeZone: 'Asia/Kolkata',
    issuedAt: '2026-12-21T06:00:00.000Z',
    revokedAt: null,
    revokedReason: null,
    ...overrides,
  };
}
