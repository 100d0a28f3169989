import { ADMIN_EVENTS, ADMINS, AUDIT, INVITES, messageOr } from '../../api/admin-api';
import { baseApi, PER_USER_TAGS, type Body } from '../../api/base-api';
import type { AdminInvitation, AdminInvite, ApiMessage, ClubAdmins, EventWithAdminStatus, SessionUser } from '../../api/types';
import { sessionApi } from '../../session/session-api';

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

const clubAdminsApi = baseApi.injectEndpoints({
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
    getAdminsByClub: build.query<ClubAdmins[], void>({
      query: () => '/admin/users/admins-by-club',
      transformResponse: (body: Body<{ adminsByClub: ClubAdmins[] }>) => body.adminsByClub,
      providesTags: [ADMINS],
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
  useGetAdminsByClubQuery,
} = clubAdminsApi;
