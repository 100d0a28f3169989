import { baseApi, PER_USER_TAGS, type Body } from '../../api/base-api';
import type {
  AdminEvent,
  AdminInvitation,
  AdminInvite,
  AdminUser,
  ApiMessage,
  AuditEntry,
  ClubAdmins,
  EventWithAdminStatus,
  Page,
  Role,
  SessionUser,
  StaffAdmin,
  StaffInCharge,
} from '../../api/types';
import { sessionApi } from '../../session/session-api';

const INVITES = { type: 'AdminInvite', id: 'LIST' } as const;
const ADMIN_EVENTS = { type: 'AdminEvent', id: 'LIST' } as const;
const ADMINS = { type: 'AdminUser', id: 'LIST' } as const;
const AUDIT = { type: 'Audit', id: 'LIST' } as const;
const PEOPLE = { type: 'AdminUser', id: 'PEOPLE' } as const;
// The public catalogue shows the events admins change.
const PUBLIC_EVENTS = { type: 'Event', id: 'LIST' } as const;

interface InviteForm {
  email: string;
  club: string;
  eventId: string;
}

interface AcceptInviteForm {
  name: string;
  password: string;
  confirmPassword: string;
  gender: string;
  /** The older form's: the admin's department and the invitation's club. */
  dept?: string;
  club?: string;
}

/** What the event form sends: every field on create, the changed ones on update. */
interface EventPayload {
  name: string;
  event_type: string;
  clubInCharge?: string;
  description: string;
  staff_incharges: StaffInCharge[];
  isActive: boolean;
  maxApplications: number | null;
  applicationDeadline: string | null;
  eventDate: string | null;
  venue: string;
  rules: string[];
  minTeamSize: number | null;
  maxTeamSize: number | null;
  requiresApproval: boolean;
  hasGenderBasedTeams: boolean;
  maxBoyTeams: number | null;
  maxGirlTeams: number | null;
  coordinatorName: string;
  coordinatorDept: string;
}

export type Decision = 'approved' | 'rejected';

interface DecisionForm {
  eventId: string;
  status: Decision;
  userIds: string[];
  teamIds: string[];
}

export interface PeopleFilter {
  search: string;
  /** Empty for every role. */
  role: Role | '';
  page: number;
  limit: number;
}

interface RoleChange {
  userId: string;
  role: Role;
  /** The club a club admin runs; only sent for that role. */
  club: string;
}

export interface AuditFilter {
  club: string;
  actorId: string;
  page: number;
  limit: number;
}

// The spec's success texts (§8), for an answer that carries no message of its own.
const messageOr =
  (fallback: string) =>
  (body: Body<object>): ApiMessage => ({ message: body.message || fallback });

const query = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).flatMap(([key, value]) => (value === '' ? [] : [[key, String(value)]]))).toString();

const adminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // Invitations (super admin)
    getEventsWithAdminStatus: build.query<EventWithAdminStatus[], void>({
      query: () => '/admin/events-with-admin-status',
      transformResponse: (body: Body<{ events: EventWithAdminStatus[] }>) => body.events,
      // An invitation sent, accepted or cancelled changes which events may get one.
      providesTags: [INVITES, ADMIN_EVENTS],
    }),
    getAdminInvites: build.query<AdminInvite[], void>({
      query: () => '/admin/invites',
      transformResponse: (body: Body<{ data: AdminInvite[] }>) => body.data,
      providesTags: [INVITES],
    }),
    sendAdminInvite: build.mutation<ApiMessage, InviteForm>({
      query: (body) => ({ url: '/admin/invite', method: 'POST', body }),
      transformResponse: messageOr('Admin invitation sent successfully!'),
      invalidatesTags: [INVITES, AUDIT],
    }),
    cancelAdminInvite: build.mutation<ApiMessage, string>({
      query: (inviteId) => ({ url: `/admin/invite/${encodeURIComponent(inviteId)}`, method: 'DELETE' }),
      transformResponse: messageOr('Invitation cancelled successfully'),
      invalidatesTags: [INVITES, AUDIT],
    }),
    // The e-mailed link (public)
    getAdminInvitation: build.query<AdminInvitation, string>({
      query: (token) => `/admin/invite/${encodeURIComponent(token)}`,
      transformResponse: (body: Body<{ data: AdminInvitation }>) => body.data,
    }),
    acceptAdminInvite: build.mutation<ApiMessage & { user: SessionUser }, { token: string; form: AcceptInviteForm }>({
      query: ({ token, form }) => ({ url: `/admin/signup/${encodeURIComponent(token)}`, method: 'POST', body: form }),
      transformResponse: (body: Body<{ user: SessionUser }>) => ({ message: body.message || 'Admin account created successfully!', user: body.user }),
      invalidatesTags: [...PER_USER_TAGS],
      // The answer signs the new admin in: the session takes the user at once, as sign-in's does,
      // so the admin pages' guard lets them through without waiting for a reload.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) await dispatch(sessionApi.util.upsertQueryData('loadUser', undefined, answer.data.user));
      },
    }),
    // The club's events (admins)
    getAdminEvents: build.query<AdminEvent[], void>({
      query: () => '/admin/events',
      transformResponse: (body: Body<{ events: AdminEvent[] }>) => body.events,
      providesTags: (events = []) => [ADMIN_EVENTS, ...events.map(({ _id }) => ({ type: 'AdminEvent' as const, id: _id }))],
    }),
    getAdminEvent: build.query<AdminEvent, string>({
      query: (eventId) => `/admin/events/${encodeURIComponent(eventId)}`,
      transformResponse: (body: Body<{ event: AdminEvent }>) => body.event,
      providesTags: (_event, _error, eventId) => [{ type: 'AdminEvent', id: eventId }],
    }),
    createEvent: build.mutation<ApiMessage & { event: AdminEvent }, EventPayload>({
      query: (body) => ({ url: '/admin/events', method: 'POST', body }),
      transformResponse: (body: Body<{ event: AdminEvent }>) => ({ message: body.message || 'Event created successfully!', event: body.event }),
      invalidatesTags: [ADMIN_EVENTS, PUBLIC_EVENTS, AUDIT],
    }),
    updateEvent: build.mutation<ApiMessage, { eventId: string; changes: Partial<EventPayload> }>({
      query: ({ eventId, changes }) => ({ url: `/admin/events/${encodeURIComponent(eventId)}`, method: 'PUT', body: changes }),
      transformResponse: messageOr('Event updated successfully!'),
      invalidatesTags: (_answer, _error, { eventId }) => [
        ADMIN_EVENTS,
        { type: 'AdminEvent', id: eventId },
        PUBLIC_EVENTS,
        { type: 'Event', id: eventId },
        AUDIT,
      ],
    }),
    deleteEvent: build.mutation<ApiMessage & { cancelledRegistrations: number }, string>({
      query: (eventId) => ({ url: `/admin/events/${encodeURIComponent(eventId)}`, method: 'DELETE' }),
      transformResponse: (body: Body<{ cancelledRegistrations: number }>) => ({
        message: body.message || 'Event deleted',
        cancelledRegistrations: body.cancelledRegistrations,
      }),
      invalidatesTags: [ADMIN_EVENTS, PUBLIC_EVENTS, INVITES, AUDIT],
    }),
    decideRegistrations: build.mutation<ApiMessage & { updated: number; skipped: number }, DecisionForm>({
      query: ({ eventId, status, userIds, teamIds }) => ({
        url: `/admin/events/${encodeURIComponent(eventId)}/registrations`,
        method: 'PUT',
        body: { status, ...(userIds.length > 0 && { userIds }), ...(teamIds.length > 0 && { teamIds }) },
      }),
      transformResponse: (body: Body<{ updated: number; skipped: number }>, _meta, { status }) => ({
        message: body.message || `Registrations ${status}`,
        updated: body.updated,
        skipped: body.skipped,
      }),
      // A rejection frees a seat: the public event changes too.
      invalidatesTags: (_answer, _error, { eventId }) => [{ type: 'AdminEvent', id: eventId }, { type: 'Event', id: eventId }, PUBLIC_EVENTS, AUDIT],
    }),
    // People (admins)
    searchStaff: build.query<StaffAdmin[], string>({
      query: (search) => `/admin/users/all-admins?${query({ search })}`,
      transformResponse: (body: Body<{ admins: StaffAdmin[] }>) => body.admins,
      keepUnusedDataFor: 30,
    }),
    getAdminsByClub: build.query<ClubAdmins[], void>({
      query: () => '/admin/users/admins-by-club',
      transformResponse: (body: Body<{ adminsByClub: ClubAdmins[] }>) => body.adminsByClub,
      providesTags: [ADMINS],
    }),
    getPeople: build.query<Page<AdminUser>, PeopleFilter>({
      query: (filter) => `/admin/users?${query({ ...filter })}`,
      transformResponse: ({ users, page, limit, total }: Body<{ users: AdminUser[]; page: number; limit: number; total: number }>) => ({
        items: users,
        page,
        limit,
        total,
      }),
      providesTags: [PEOPLE],
    }),
    changeRole: build.mutation<ApiMessage & { user: AdminUser }, RoleChange>({
      query: ({ userId, role, club }) => ({
        url: `/admin/users/${encodeURIComponent(userId)}/role`,
        method: 'PUT',
        body: role === 'admin' ? { role, club } : { role },
      }),
      transformResponse: (body: Body<{ user: AdminUser }>) => ({ message: body.message || 'Role updated', user: body.user }),
      // The lists of people and admins, the audit trail, and which events have an admin (a demoted admin leaves theirs).
      invalidatesTags: [PEOPLE, ADMINS, AUDIT, INVITES],
    }),
    getAudit: build.query<Page<AuditEntry>, AuditFilter>({
      query: (filter) => `/admin/audit?${query({ ...filter })}`,
      transformResponse: ({ entries, page, limit, total }: Body<{ entries: AuditEntry[]; page: number; limit: number; total: number }>) => ({
        items: entries,
        page,
        limit,
        total,
      }),
      providesTags: [AUDIT],
    }),
  }),
});

export const {
  useGetEventsWithAdminStatusQuery,
  useGetAdminInvitesQuery,
  useSendAdminInviteMutation,
  useCancelAdminInviteMutation,
  useGetAdminInvitationQuery,
  useAcceptAdminInviteMutation,
  useGetAdminEventsQuery,
  useGetAdminEventQuery,
  useCreateEventMutation,
  useUpdateEventMutation,
  useDeleteEventMutation,
  useDecideRegistrationsMutation,
  useSearchStaffQuery,
  useGetAdminsByClubQuery,
  useGetAuditQuery,
  useGetPeopleQuery,
  useChangeRoleMutation,
} = adminApi;
