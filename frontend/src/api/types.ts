// The API's domain objects as the client reads them, in one place: the injected API slices,
// the session and the UI all take their types from here.

/** The signed-in user as GET /api/v1/user/load and sign-in describe it. */
export interface SessionUser {
  _id: string;
  name: string;
  email: string;
  role: 'student' | 'admin' | 'superadmin';
  /** True for club admins and the super admin. */
  isAdmin: boolean;
  isSuperAdmin: boolean;
  isVerified: boolean;
  gender: 'Male' | 'Female' | 'Other' | null;
  dept: string | null;
  /** '1' to '6'; '0' means staff. */
  year: string | null;
  rollNumber: string | null;
  club: string | null;
  createdAt: string;
  /** Whether the day-before reminders of the student's events are e-mailed (My Registrations turns them off). */
  eventReminders: boolean;
}

/** An answer that carries nothing but the server's message (sign-up, verification, password changes). */
export interface ApiMessage {
  message: string;
}

/** The festival's configured facts (GET /api/v1/festival). */
export interface Festival {
  festivalDate: string;
  registrationOpensAt: string;
  institutionEmailDomain: string;
  eventCount: number;
}

export type EventType = 'solo' | 'group' | 'workshop' | 'competition' | 'seminar' | 'other';

export interface StaffInCharge {
  adminId: string | null;
  name: string;
  email: string;
  club: string;
}

export type RegistrationStatus = 'pending' | 'approved' | 'rejected';

/** A registration on an event; the server lists only the viewer's own. `userId` may come populated. */
export interface Application {
  userId: string | { _id: string };
  appliedAt: string;
}

/** The registration POST /api/v1/solo answers with, as far as the event's state needs it. */
export interface OwnRegistration {
  status: RegistrationStatus;
  appliedAt: string;
}

/** An event as GET /api/v1/events and /api/v1/events/{id} return it. */
export interface FestEvent {
  _id: string;
  event_id: string;
  name: string;
  description: string;
  event_type: EventType;
  clubInCharge: string | null;
  staff_incharges: StaffInCharge[];
  rules: string[];
  minTeamSize: number | null;
  maxTeamSize: number | null;
  event_date: string | null;
  eventDate: string | null;
  registration_deadline: string | null;
  applicationDeadline: string | null;
  /** Seats; null = unlimited. A seat is one solo registration or one registered team. */
  maxApplications: number | null;
  max_participants: number | null;
  actualSeatsTaken: number;
  /** null = unlimited. */
  availableSeats: number | null;
  venue: string | null;
  coordinatorName: string | null;
  coordinatorDept: string | null;
  isActive: boolean;
  requiresApproval: boolean;
  hasGenderBasedTeams: boolean;
  maxBoyTeams: number | null;
  maxGirlTeams: number | null;
  createdAt: string;
  updatedAt: string;
  /** Whether the signed-in student is registered (false for visitors). */
  isRegistered: boolean;
  registrationStatus: RegistrationStatus | null;
  applications: Application[];
}

/** One of the signed-in user's registrations (GET /api/v1/user/registrations). */
export interface Registration {
  _id: string;
  eventId: string;
  eventName: string;
  eventType: EventType;
  clubInCharge: string | null;
  /** The event's start; null while it is not announced (no calendar invite then). */
  eventDate: string | null;
  status: RegistrationStatus;
  appliedAt: string;
  /** The team a team registration was made with; null for solo registrations. */
  teamDetails: TeamDetails | null;
  /** What the student shows at the door (a team's members share one); null once rejected. */
  ticket: { code: string } | null;
}

/** A place in an event's waitlist (GET /waitlist): the student's own, or their team's. */
export interface WaitlistEntry {
  id: string;
  event: { id: string; name: string };
  team: { id: string; name: string } | null;
  /** Waiting in line, or offered a seat held until `offerExpiresAt`. */
  status: 'waiting' | 'offered';
  /** 1-based, while waiting. */
  place: number | null;
  offerExpiresAt: string | null;
  joinedAt: string;
  /** The solo student or the team's leader may answer an offer; a member only sees it. */
  canAnswer: boolean;
}

/** A registered team as My Registrations shows it. */
export interface TeamDetails {
  teamName: string;
  leader: { _id: string; name: string; rollNumber: string | null; dept: string | null };
  /** Members without an account (listed through /group) have no id, roll number or department. */
  members: { _id: string | null; name: string; rollNumber: string | null; dept: string | null; joinedAt: string }[];
}

/** Someone named inside a team or an invite. */
interface PersonRef {
  _id: string;
  name: string;
}

/** A team as the /teams calls return it; the leader is its first member. */
export interface Team {
  _id: string;
  teamName: string;
  /** minTeamSize defaults to 2. */
  eventId: { _id: string; name: string; minTeamSize: number };
  leader: PersonRef;
  /** A member listed on the /enroll form without an account has no `_id`. */
  members: { userId: { _id: string | null; name: string }; joinedAt: string }[];
  pendingInvites: { _id: string; inviteeId: PersonRef; expiresAt: string }[];
  /** The event's maximum team size; null when the event sets none. */
  maxMembers: number | null;
  isRegistered: boolean;
  /** The leader's, on gender-based events only. */
  gender: 'boy' | 'girl' | null;
  createdAt: string;
}

type InviteStatus = 'pending' | 'accepted' | 'declined' | 'expired' | 'cancelled' | 'withdrawn';

/**
 * A team invite, as the bell and the invite page read it. Every reference may come without its
 * details, which the screens replace with the spec's fallback texts.
 */
export interface Invite {
  _id: string;
  isRead: boolean;
  message: string | null;
  createdAt: string | null;
  expiresAt: string;
  status: InviteStatus;
  inviterId: { _id: string; name: string; email: string } | null;
  teamId: { _id: string; teamName: string; eventId: PersonRef | null } | null;
  eventId: PersonRef | null;
}

/** How many invites went out, and why each refused invitee was refused. */
export interface InviteOutcome {
  sent: number;
  errors: { userId: string; message: string }[];
}

/** `max` and `remaining` are null for a gender without a limit. */
export interface GenderTeamCount {
  registered: number;
  remaining: number | null;
  max: number | null;
}

/** GET /teams/event/{id}/stats: registered teams per gender on gender-based events. */
export interface GenderStats {
  hasGenderBasedTeams: boolean;
  stats: { boyTeams: GenderTeamCount; girlTeams: GenderTeamCount } | null;
}

/** A classmate found by GET /users/search, to invite to a team. */
export interface Classmate {
  _id: string;
  name: string;
  email: string;
  dept: string | null;
  year: string | null;
  gender: 'Male' | 'Female' | 'Other' | null;
}

/** Whether an event may get a new club admin: none yet, one invited, or one in place. */
export interface EventAdminStatus {
  status: 'available' | 'assigned' | 'pending';
  adminEmail: string | null;
  inviteEmail: string | null;
}

/** An event as the invitation form lists it (GET /admin/events-with-admin-status). */
export interface EventWithAdminStatus {
  _id: string;
  name: string;
  event_type: EventType;
  clubInCharge: string;
  eventDate: string | null;
  adminStatus: EventAdminStatus;
}

/** An invitation to become an event's club admin (GET /admin/invites). */
export interface AdminInvite {
  _id: string;
  email: string;
  eventId: { _id: string; name: string } | null;
  clubName: string;
  status: 'Pending' | 'Accepted' | 'Expired';
  isUsed: boolean;
  usedAt: string | null;
  inviteTokenExpire: string;
  createdAt: string;
}

/** What the e-mailed link's page shows before the account is created (GET /admin/invite/{token}). */
export interface AdminInvitation {
  event: { _id: string; name: string; event_type: EventType };
  clubName: string;
  email: string;
  expiresAt: string;
}

/** A registration as the club's admins see it: every one of the event's, team members included. */
export interface AdminApplication {
  registrationId: string;
  userId: string;
  name: string;
  email: string;
  dept: string | null;
  year: string | null;
  rollNumber: string | null;
  status: RegistrationStatus;
  appliedAt: string;
  teamId: string | null;
  teamName: string | null;
}

/** An event as its admins see it (GET /admin/events): the public fields plus every application. */
export interface AdminEvent extends Omit<FestEvent, 'isRegistered' | 'registrationStatus' | 'applications'> {
  applications: AdminApplication[];
  /** Per seat: a team counts once. */
  applicationCounts: Record<RegistrationStatus, number>;
}

/** A staff in-charge the event form may choose (GET /admin/users/all-admins). */
export interface StaffAdmin {
  _id: string;
  name: string;
  email: string;
  club: string | null;
  dept: string | null;
}

/** An account as the super admin's People page lists it (GET /admin/users): a club admin's event named. */
export interface AdminUser extends SessionUser {
  assignedEvent: { _id: string; name: string } | null;
}

/** A role an account can hold (GET /admin/users' filter, PUT /admin/users/{id}/role). */
export type Role = SessionUser['role'];

/** One club's admins (GET /admin/users/admins-by-club). */
export interface ClubAdmins {
  /** The club's name. */
  _id: string;
  count: number;
  admins: {
    _id: string;
    name: string;
    email: string;
    dept: string | null;
    year: string | null;
    createdAt: string;
    assignedEvent: { _id: string; name: string } | null;
  }[];
}

/** An event as a club admin's dashboard names it (GET /admin/dashboard/stats, `assignedEvent`). */
export interface DashboardEventSummary {
  _id: string;
  name: string;
  event_type: EventType;
  clubInCharge: string | null;
  eventDate: string | null;
  venue: string | null;
  /** null: unlimited. */
  maxApplications: number | null;
  availableSeats: number | null;
  participants: number;
  teamsCount: number;
}

/** The dashboard's cards: the festival's for the super admin, one club's for a club admin (account counts are 0 there). */
export interface DashboardStats {
  totalEvents: number;
  totalUsers: number;
  totalAdmins: number;
  totalApplications: number;
  recentRegistrations: number;
  verifiedUsers: number;
  unverifiedUsers: number;
  pendingInvites: number;
  adminsByClub: { _id: string; count: number; admins: { name: string; email: string }[] }[];
  upcomingEvents: number;
  pastEvents: number;
  totalRegistrations: number;
  clubName: string | null;
}

export interface DashboardOverview {
  stats: DashboardStats;
  /** A club admin's assigned event, or their club's events when none is assigned; null for the super admin. */
  assignedEvent: DashboardEventSummary | DashboardEventSummary[] | null;
  lastUpdated: string;
}

interface DashboardPerson {
  name: string;
  email: string;
  dept: string | null;
  year: string | null;
}

export interface DashboardTeam {
  _id: string;
  teamName: string;
  leader: DashboardPerson;
  /** The members other than the leader. */
  members: DashboardPerson[];
}

interface DashboardRegistration {
  userName: string;
  userEmail: string;
  userDept: string | null;
  userYear: string | null;
  registeredAt: string;
}

/** One event of the detailed panel: its counts, and its latest (at most 5) teams and registrations. */
export interface DetailedEvent {
  _id: string;
  event_id: string;
  name: string;
  event_type: EventType;
  isTeamEvent: boolean;
  maxApplications: number | null;
  availableSeats: number | null;
  participants: number;
  teamsCount: number;
  recentCount: number;
  /** Seats taken in percent, one decimal; null when unlimited. */
  occupancy: number | null;
  averageTeamSize: number | null;
  teams: DashboardTeam[];
  registrations: DashboardRegistration[];
}

export interface ClubEvents {
  clubName: string;
  totalEvents: number;
  totalRegistrations: number;
  events: DetailedEvent[];
}

/** GET /admin/dashboard/events-registrations. */
export interface EventsRegistrations {
  clubs: ClubEvents[];
  totalClubs: number;
  totalEvents: number;
  totalRegistrations: number;
  lastUpdated: string;
}

/** GET /admin/dashboard/club-stats: clubs by registrations (most first) and registrations per day in India (oldest first). */
export interface ClubStats {
  clubs: { clubName: string; events: number; registrations: number; admins: number }[];
  registrationsByDay: { day: string; count: number }[];
}

export type AuditAction =
  | 'invite.sent'
  | 'invite.cancelled'
  | 'invite.accepted'
  | 'event.created'
  | 'event.updated'
  | 'event.deleted'
  | 'registration.approved'
  | 'registration.rejected'
  | 'user.role_changed';

/** One record of the audit trail (GET /admin/audit). */
export interface AuditEntry {
  _id: string;
  at: string;
  actor: { _id: string | null; name: string; email: string };
  action: AuditAction;
  club: string | null;
  subject: { type: string; id: string | null; label: string };
  changes: Record<string, { from: unknown; to: unknown }>;
}

/** A page of a longer list, as the paged admin lists answer. */
export interface Page<T> {
  items: T[];
  page: number;
  limit: number;
  total: number;
}

/** A student expected on an event's day (GET /admin/events/{id}/applicants, a ticket's holders). */
export interface Applicant {
  userId: string;
  name: string;
  email: string;
  dept: string | null;
  year: string | null;
  rollNum: string | null;
  /** null for a solo registration. */
  teamId: string | null;
  teamName: string | null;
  isPresent: boolean;
  /** When they were marked present; null while absent. */
  checkedInAt: string | null;
}

/** One place of an event's results: a student, or a team with its members (leader first). */
export interface WinnerPlace {
  place: number;
  /** The student's name; a team's leader's. */
  name: string;
  teamName: string | null;
  members: string[] | null;
  dept: string | null;
}

/** An event's published results (GET /events/{id}/results). */
export interface EventResults {
  event: { _id: string; name: string; clubInCharge: string | null; eventDate: string | null };
  confirmedAt: string;
  /** First place first. */
  winners: WinnerPlace[];
}

/** A ticket as the door reads it (GET /admin/tickets/{code}): its event and whom it admits. */
export interface DoorTicket {
  event: { _id: string; name: string };
  /** One for a solo registration; every registered member of a team's. */
  holders: Applicant[];
}
