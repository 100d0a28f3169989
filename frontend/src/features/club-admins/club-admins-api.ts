import { ADMIN_EVENTS, ADMINS, AUDIT, INVITES, messageOr } from '../../api/admin-api';
import { baseApi, PER_USER_TAGS } from '../../api/base-api';
import type { AdminInvitation, AdminInvite, Answer, ApiMessage, ClubAdmins, EventWithAdminStatus, RequestBody, SessionUser } from '../../api/types';
import { sessionApi } from '../../session/session-api';

type InviteForm = RequestBody<'/admin/invite', 'post'>;
/** The older form also sends the admin's department and the invitation's club. */
export type AcceptInviteForm = RequestBody<'/admin/signup/{token}', 'post'>;

const clubAdminsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // Invitations (super admin)
    getEventsWithAdminStatus: build.query<EventWithAdminStatus[], void>({
      query: () => '/admin/events-with-admin-status',
      transformResponse: (body: Answer<'/admin/events-with-admin-status'>) => body.events,
      // An invitation sent, accepted or cancelled changes which events may get one.
      providesTags: [INVITES, ADMIN_EVENTS],
    }),
    getAdminInvites: build.query<AdminInvite[], void>({
      query: () => '/admin/invites',
      transformResponse: (body: Answer<'/admin/invites'>) => body.data,
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
      transformResponse: (body: Answer<'/admin/invite/{invite}'>) => body.data,
    }),
    acceptAdminInvite: build.mutation<ApiMessage & { user: SessionUser }, { token: string; form: AcceptInviteForm }>({
      query: ({ token, form }) => ({ url: `/admin/signup/${encodeURIComponent(token)}`, method: 'POST', body: form }),
      transformResponse: (body: Answer<'/admin/signup/{token}', 'post'>) => ({
        message: body.message || 'Admin account created successfully!',
        user: body.user,
      }),
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
      transformResponse: (body: Answer<'/admin/users/admins-by-club'>) => body.adminsByClub,
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
