import { randomUUID } from 'node:crypto';
import type { EventRow } from '../../../backend/src/database/schema/events';
import type { UserRow } from '../../../backend/src/database/schema/users';
import { festivalSettingsForm } from './festival-settings';

/**
 * Who may call each route: one row per operation of the API document, keyed `METHOD /path` as
 * the document names it. `test/api/route-policy.e2e-spec.ts` fails for an operation without a
 * row and for a row without an operation, and calls every route as every role.
 *
 * The table is the product's policy written down apart from the code that enforces it (the
 * access decorators and the services' per-object rules), so the test checks one against the other.
 */

/** What a role gets: past the access checks (any answer but 401 or 403), or refused with this status. */
type Verdict = 'allowed' | 401 | 403;

export const ROLES = ['visitor', 'student', 'ownClubAdmin', 'otherClubAdmin', 'superAdmin'] as const;
export type Role = (typeof ROLES)[number];

/** What a request may name: the caller (none for a visitor) and an event of the own club's admin. */
export interface Fixtures {
  caller: UserRow | undefined;
  event: EventRow;
  /** Another event of the own club's admin, made for this one call (for a request that deletes it). */
  newEvent: () => Promise<EventRow>;
  /** The ticket code of a student registered for `event`. */
  ticketCode: () => Promise<string>;
}

/** A request that gets past validation, for a route whose refusal comes after it. */
interface PolicyRequest {
  /** Path parameters; those not given get a well-formed value that names nothing. */
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: object;
}

type RoutePolicy = Record<Role, Verdict> & {
  /** For a route about one object: what makes it the caller's own. */
  own?: string;
  request?: (fixtures: Fixtures) => PolicyRequest | Promise<PolicyRequest>;
};

const EVERYONE = { visitor: 'allowed', student: 'allowed', ownClubAdmin: 'allowed', otherClubAdmin: 'allowed', superAdmin: 'allowed' } as const;
const SIGNED_IN = { ...EVERYONE, visitor: 401 } as const;
const STUDENTS = { visitor: 401, student: 'allowed', ownClubAdmin: 403, otherClubAdmin: 403, superAdmin: 403 } as const;
const SUPER_ADMIN = { visitor: 401, student: 403, ownClubAdmin: 403, otherClubAdmin: 403, superAdmin: 'allowed' } as const;
const ADMINS = { visitor: 401, student: 403, ownClubAdmin: 'allowed', otherClubAdmin: 'allowed', superAdmin: 'allowed' } as const;
/** A route about one event: its club's admins and the super admin (`administersClub`). */
const OWN_CLUB_ADMINS = { ...ADMINS, otherClubAdmin: 403, own: "the event is the admin's club's" } as const;

const theEvent = ({ event }: Fixtures): PolicyRequest => ({ params: { id: event.id } });
const adminInvite = ({ event }: Fixtures): PolicyRequest => ({ body: { email: 'policy.invitee@campus.ac.in', club: event.clubInCharge, eventId: event.id } });

/** The route-policy test's app scrapes with this; a session is never enough. */
export const METRICS_TOKEN = 'route-policy-metrics-token-0123456789';

export const ROUTE_POLICIES: Record<string, RoutePolicy> = {
  'GET /api/v1/health': EVERYONE,
  'GET /api/v1/health/live': EVERYONE,
  'GET /api/v1/health/ready': EVERYONE,
  // For the monitoring system's token alone (the test app has one): no session opens it.
  'GET /metrics': { visitor: 401, student: 401, ownClubAdmin: 401, otherClubAdmin: 401, superAdmin: 401 },
  'GET /api/v1/festival': EVERYONE,
  'GET /api/v1/festival/settings': SUPER_ADMIN,
  'GET /api/v1/clubs': EVERYONE,
  // A name taken already: the super admin gets past the access checks to the 409, and nothing is created.
  'POST /api/v1/clubs': { ...SUPER_ADMIN, request: () => ({ body: { name: 'Tech Club' } }) },
  'PUT /api/v1/clubs/{id}': { ...SUPER_ADMIN, request: () => ({ body: { description: 'A club.' } }) },
  'POST /api/v1/clubs/{id}/retire': SUPER_ADMIN,
  'POST /api/v1/clubs/{id}/restore': SUPER_ADMIN,
  // A stale version: the super admin gets past the access checks to the 409, and nothing is saved.
  'PUT /api/v1/festival/settings': { ...SUPER_ADMIN, request: () => ({ body: festivalSettingsForm(99) }) },
  // Not an image: the super admin gets past the access checks to the 400, and nothing is kept.
  'POST /api/v1/festival/signature-images': { ...SUPER_ADMIN, request: () => ({ body: { image: 'none' } }) },
  'GET /api/v1/festival/signature-images/{id}': SUPER_ADMIN,
  'GET /api/v1/festival/editions': EVERYONE,
  'GET /api/v1/festival/editions/{id}/results': { ...EVERYONE, request: () => ({ params: { id: '1' } }) },
  // A version nobody read: past the access checks, the start is refused (409) and nothing closes.
  'POST /api/v1/festival/editions': {
    ...SUPER_ADMIN,
    request: () => ({
      body: {
        confirmName: 'Campus Festival',
        name: 'Campus Festival 2027',
        firstDay: '2027-02-20',
        lastDay: '2027-02-21',
        registrationOpensAt: '2027-01-10T04:30:00.000Z',
        registrationClosesAt: null,
        version: 99,
      },
    }),
  },
  'GET /api/v1/events': EVERYONE,
  'GET /api/v1/events/{id}': { ...EVERYONE, request: theEvent },
  'GET /api/v1/events/seats/stream': EVERYONE,

  'POST /api/v1/user/signup': EVERYONE,
  'GET /api/v1/user/verify/{token}': EVERYONE,
  'POST /api/v1/user/verify/{token}': EVERYONE,
  'POST /api/v1/user/verify/resend': EVERYONE,
  'POST /api/v1/user/signin': EVERYONE,
  'GET /api/v1/user/signout': EVERYONE,
  'GET /api/v1/user/load': SIGNED_IN,
  'POST /api/v1/user/password/forgot': EVERYONE,
  'GET /api/v1/user/password/reset/{token}': EVERYONE,
  'POST /api/v1/user/password/reset/{token}': EVERYONE,
  'PUT /api/v1/user/password/change': SIGNED_IN,

  'GET /api/v1/users/search': SIGNED_IN,
  'GET /api/v1/user/all': { ...SUPER_ADMIN, request: () => ({ query: { page: '2', limit: '10' } }) },

  // Staff and roles. The role change names an account that does not exist: the super admin's
  // answer is a 404, and no caller of this suite loses their role.
  'GET /api/v1/admin/users': { ...SUPER_ADMIN, request: () => ({ query: { search: 'admin', role: 'admin', page: '1', limit: '5' } }) },
  'GET /api/v1/admin/users/admins-by-club': SUPER_ADMIN,
  'GET /api/v1/admin/users/all-admins': { ...ADMINS, request: () => ({ query: { search: 'Club' } }) },
  'PUT /api/v1/admin/users/{id}/role': { ...SUPER_ADMIN, request: () => ({ body: { role: 'admin', club: 'Tech Club' } }) },

  'POST /api/v1/solo': {
    ...STUDENTS,
    own: "`studentId` is the caller's own id: a student registers only themself",
    request: ({ caller, event }) => ({ body: { eventId: event.id, studentId: caller?.id ?? event.id } }),
  },
  'GET /api/v1/user/registrations': SIGNED_IN,
  'GET /api/v1/registrations/{eventId}/calendar.ics': {
    ...STUDENTS,
    own: "the caller's own registration for the event, holding a seat",
    request: ({ event }) => ({ params: { eventId: event.id } }),
  },
  'PUT /api/v1/users/me/reminders': { ...STUDENTS, own: "the caller's own setting", request: () => ({ body: { enabled: true } }) },
  'GET /api/v1/users/me/profile': { ...STUDENTS, own: "the caller's own profile" },
  'PUT /api/v1/users/me/profile': {
    ...STUDENTS,
    own: "the caller's own profile",
    request: () => ({ body: { name: 'Priya Raman', dept: 'CSE', year: '3', gender: 'Female' } }),
  },
  // An account's own data and its deletion, for every role: the deletion is asked with another
  // address, so each caller gets past the access checks to the 400 and keeps its account.
  'GET /api/v1/users/me/data-export': { ...SIGNED_IN, own: "the caller's own download" },
  'POST /api/v1/users/me/data-export': { ...SIGNED_IN, own: "the caller's own data" },
  'GET /api/v1/users/me/data-export.json': { ...SIGNED_IN, own: "the caller's own download" },
  'DELETE /api/v1/users/me': {
    ...SIGNED_IN,
    own: "the caller's own account",
    request: () => ({ body: { email: 'someone.else@campus.ac.in', password: 'Secret@123' } }),
  },
  // Cancelling and the line: students only; an entry is answered by its solo student or its team's
  // leader, and a team's registration is cancelled by its leader, proven in waitlist.e2e-spec.ts.
  'POST /api/v1/registrations/{eventId}/cancel': {
    ...STUDENTS,
    own: "the caller's own registration (a team's: the caller leads the team)",
    request: ({ event }) => ({ params: { eventId: event.id }, body: { eventName: event.name } }),
  },
  'POST /api/v1/events/{eventId}/waitlist': { ...STUDENTS, request: ({ event }) => ({ params: { eventId: event.id }, body: {} }) },
  'GET /api/v1/waitlist': STUDENTS,
  'POST /api/v1/waitlist/{entryId}/accept': { ...STUDENTS, own: "the caller is the entry's solo student or its team's leader" },
  'POST /api/v1/waitlist/{entryId}/decline': { ...STUDENTS, own: "the caller is the entry's solo student or its team's leader" },
  'DELETE /api/v1/waitlist/{entryId}': { ...STUDENTS, own: "the caller is the entry's solo student or its team's leader" },

  // Teams: taking part is for students; the per-object rules (the team's leader, member or
  // invitee, the event's club admin) are the teams service's, proven role by role in teams.e2e-spec.ts.
  'POST /api/v1/teams/create': { ...STUDENTS, request: ({ event }) => ({ body: { eventId: event.id, teamName: 'Policy Team' } }) },
  'POST /api/v1/teams/create-with-invites': {
    ...STUDENTS,
    request: ({ event }) => ({ body: { eventId: event.id, teamName: 'Policy Team', userIds: [event.id] } }),
  },
  'POST /api/v1/teams/invite': { ...STUDENTS, own: 'the caller leads the team', request: ({ event }) => ({ body: { teamId: event.id, userIds: [event.id] } }) },
  'POST /api/v1/teams/{teamId}/add-members': { ...STUDENTS, own: 'the caller leads the team', request: ({ event }) => ({ body: { userIds: [event.id] } }) },
  'GET /api/v1/teams/invite/{invite}': { ...STUDENTS, own: 'the invite was sent to the caller' },
  'POST /api/v1/teams/invite/{invite}/respond': { ...STUDENTS, own: 'the invite was sent to the caller', request: () => ({ body: { response: 'decline' } }) },
  'DELETE /api/v1/teams/invite/{invite}': { ...STUDENTS, own: "the caller leads the invite's team" },
  'POST /api/v1/teams/register': { ...STUDENTS, own: 'the caller leads the team', request: ({ event }) => ({ body: { teamId: event.id } }) },
  'GET /api/v1/teams/my-teams': SIGNED_IN,
  'GET /api/v1/teams/notifications': SIGNED_IN,
  'PUT /api/v1/teams/notifications/{id}/read': { ...SIGNED_IN, own: 'the invite was sent to the caller' },
  'GET /api/v1/teams/event/{eventId}': {
    ...SIGNED_IN,
    otherClubAdmin: 403,
    own: "a student's own teams; every team of the event for its club's admins and the super admin",
    request: ({ event }) => ({ params: { eventId: event.id } }),
  },
  'GET /api/v1/teams/event/{eventId}/stats': { ...EVERYONE, request: ({ event }) => ({ params: { eventId: event.id } }) },
  'GET /api/v1/teams/{teamId}': { ...SIGNED_IN, own: "the caller leads it, is in it or holds its invite; the event's club admins and the super admin" },
  'DELETE /api/v1/teams/{teamId}': { ...STUDENTS, own: 'the caller leads the team' },
  'POST /api/v1/teams/{teamId}/leave': { ...STUDENTS, own: 'the caller is a member but not the leader' },
  'POST /api/v1/group': {
    ...STUDENTS,
    own: 'the signed-in student is the team lead',
    request: ({ caller, event }) => ({
      body: {
        eventId: event.id,
        teamLeadName: caller?.name ?? 'Nobody',
        teamLeadEmail: caller?.email ?? 'nobody@campus.ac.in',
        teamLeaderId: caller?.id ?? event.id,
        members: [{ name: 'Listed Member', year: '3', branch: 'CSE', email: 'listed.member@campus.ac.in' }],
      },
    }),
  },

  // Admin invitations: the super admin issues and manages them; the link's two routes are public
  // (its token is the credential), proven in admin-invites.e2e-spec.ts.
  'GET /api/v1/admin/events-with-admin-status': SUPER_ADMIN,
  'GET /api/v1/admin/invites': SUPER_ADMIN,
  'GET /api/v1/admin/invite/pending': SUPER_ADMIN,
  'POST /api/v1/admin/invite': { ...SUPER_ADMIN, request: adminInvite },
  'POST /api/v1/admin/invite/generate': { ...SUPER_ADMIN, request: adminInvite },
  'POST /api/v1/admin/invite/send-email': {
    ...SUPER_ADMIN,
    request: () => ({ body: { email: 'policy.invitee@campus.ac.in', inviteUrl: 'http://localhost/admin/invite/unknown' } }),
  },
  'DELETE /api/v1/admin/invite/{invite}': SUPER_ADMIN,
  'GET /api/v1/admin/invite/{invite}': EVERYONE,
  'POST /api/v1/admin/signup/{token}': { ...EVERYONE, request: () => ({ body: { name: 'Policy Admin', password: 'Policy1234', gender: 'Female' } }) },
  // Dashboards: every admin reads one, scoped to their own club (the super admin's: the festival), proven in dashboard.e2e-spec.ts.
  'GET /api/v1/admin/dashboard/stats': ADMINS,
  'GET /api/v1/admin/dashboard/events-registrations': ADMINS,
  'GET /api/v1/admin/dashboard/club-stats': ADMINS,
  // Club administration: the routes about one event are its club's admins' and the super admin's.
  'GET /api/v1/admin/events': ADMINS,
  'POST /api/v1/admin/events': {
    ...ADMINS,
    request: ({ caller }) => ({
      body: {
        name: `Policy Event ${caller?.role ?? 'visitor'} ${caller?.id ?? ''}`,
        event_type: 'solo',
        clubInCharge: 'Tech Club',
        staff_incharges: [{ name: 'Policy Staff', email: 'policy.staff@campus.ac.in', club: 'Tech Club' }],
      },
    }),
  },
  'GET /api/v1/admin/events/{id}': { ...OWN_CLUB_ADMINS, request: theEvent },
  'PUT /api/v1/admin/events/{id}': { ...OWN_CLUB_ADMINS, request: ({ event }) => ({ params: { id: event.id }, body: { venue: 'Policy Hall' } }) },
  'DELETE /api/v1/admin/events/{id}': { ...OWN_CLUB_ADMINS, request: async ({ newEvent }) => ({ params: { id: (await newEvent()).id } }) },
  'PUT /api/v1/admin/events/{id}/registrations': {
    ...OWN_CLUB_ADMINS,
    request: ({ event }) => ({ params: { id: event.id }, body: { status: 'approved', userIds: [event.id] } }),
  },
  'GET /api/v1/admin/audit': SUPER_ADMIN,
  // Organisers' messages: the event's club admins and the super admin write; nobody holds a place
  // in the table's event, so a message past the access checks is refused (400) and nothing is sent.
  'GET /api/v1/admin/events/{id}/messages': { ...OWN_CLUB_ADMINS, request: theEvent },
  'POST /api/v1/admin/events/{id}/messages': {
    ...OWN_CLUB_ADMINS,
    request: ({ event }) => ({ params: { id: event.id }, body: { audience: 'registrants', subject: 'Policy', body: 'Hello.' } }),
  },
  'GET /api/v1/user/messages': SIGNED_IN,
  // Certificates: an event's are its club admins' and the super admin's (before its results, issuing is
  // refused past the access checks, 409, and nothing is issued); a student downloads their own; anyone verifies.
  'GET /api/v1/admin/events/{id}/certificates': { ...OWN_CLUB_ADMINS, request: theEvent },
  'POST /api/v1/admin/events/{id}/certificates': { ...OWN_CLUB_ADMINS, request: theEvent },
  'GET /api/v1/admin/events/{id}/certificates.zip': { ...OWN_CLUB_ADMINS, request: theEvent },
  'POST /api/v1/admin/certificates/{id}/revoke': {
    ...ADMINS,
    own: "the certificate's event is the admin's club's",
    request: () => ({ body: { reason: 'Policy check.' } }),
  },
  'POST /api/v1/admin/certificates/{id}/reissue': { ...ADMINS, own: "the certificate's event is the admin's club's" },
  'GET /api/v1/user/certificates': SIGNED_IN,
  'GET /api/v1/user/certificates/{id}/certificate.pdf': { ...STUDENTS, own: "the caller's own certificate" },
  'GET /api/v1/certificates/{code}': EVERYONE,

  // The event day: the event's club admins and the super admin; a ticket is its event's.
  'GET /api/v1/admin/events/{id}/applicants': { ...OWN_CLUB_ADMINS, request: ({ event }) => ({ params: { id: event.id }, query: { search: 'Student' } }) },
  'PUT /api/v1/admin/events/{id}/attendance': {
    ...OWN_CLUB_ADMINS,
    request: ({ event }) => ({ params: { id: event.id }, body: { attendance: [{ userId: event.id, isPresent: true }] } }),
  },
  // The door's list and its scans: a scan of a code nobody holds is answered (and recorded) as unknown.
  'GET /api/v1/admin/events/{id}/door-roster': { ...OWN_CLUB_ADMINS, request: theEvent },
  'POST /api/v1/admin/events/{id}/door-scans': {
    ...OWN_CLUB_ADMINS,
    request: ({ event }) => ({
      params: { id: event.id },
      body: { door: 'Policy Door', scans: [{ id: randomUUID(), code: 'POLICY', scannedAt: new Date('2025-08-20T10:00:00+05:30').toISOString() }] },
    }),
  },
  'GET /api/v1/admin/tickets/{code}': {
    ...OWN_CLUB_ADMINS,
    own: "the ticket's event is the admin's club's",
    request: async ({ ticketCode }) => ({ params: { code: await ticketCode() } }),
  },
  'POST /api/v1/admin/tickets/{code}/check-in': {
    ...OWN_CLUB_ADMINS,
    own: "the ticket's event is the admin's club's",
    request: async ({ ticketCode }) => ({ params: { code: await ticketCode() }, body: {} }),
  },
  'PUT /api/v1/admin/events/{id}/winners': {
    ...OWN_CLUB_ADMINS,
    request: ({ event }) => ({ params: { id: event.id }, body: { winners: [{ place: 1, userId: event.id }] } }),
  },
  'GET /api/v1/events/{id}/results': { ...EVERYONE, request: theEvent },
  'GET /api/v1/admin/events/{id}/export.csv': { ...OWN_CLUB_ADMINS, request: theEvent },
  'GET /api/v1/admin/clubs/{club}/export.csv': {
    ...OWN_CLUB_ADMINS,
    own: "the club is the admin's",
    request: ({ event }) => ({ params: { club: event.clubInCharge ?? '' } }),
  },
};
