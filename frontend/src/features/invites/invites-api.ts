import { baseApi, type Body } from '../../api/base-api';
import type { Answer, Invite, RequestBody } from '../../api/types';

export type InviteResponse = RequestBody<'/teams/invite/{invite}/respond', 'post'>['response'];

const INVITES = { type: 'Invite', id: 'LIST' } as const;

const answered: Record<InviteResponse, string> = { accept: 'Successfully joined the team!', decline: 'Invite declined' };

const invitesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The bell: my pending, unexpired invites, newest first. */
    getNotifications: build.query<Invite[], void>({
      query: () => '/teams/notifications',
      transformResponse: (body: Answer<'/teams/notifications'>) => body.invites,
      providesTags: [INVITES],
    }),
    markInviteRead: build.mutation<void, string>({
      query: (inviteId) => ({ url: `/teams/notifications/${encodeURIComponent(inviteId)}/read`, method: 'PUT' }),
      transformResponse: () => undefined,
      // The mark shows at once; a refusal puts the list back as the server has it.
      async onQueryStarted(inviteId, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          invitesApi.util.updateQueryData('getNotifications', undefined, (invites) => {
            const invite = invites.find(({ _id }) => _id === inviteId);
            if (invite) invite.isRead = true;
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
    }),
    /** The e-mailed link's invite; only its invitee may read it. */
    getInvite: build.query<Invite, string>({
      query: (token) => `/teams/invite/${encodeURIComponent(token)}`,
      transformResponse: (body: Answer<'/teams/invite/{invite}'>) => body.data.invite,
    }),
    /** By invite id (the bell) or by token (the link). Joining changes my teams; either way the bell. */
    respondToInvite: build.mutation<string, { invite: string; response: InviteResponse }>({
      query: ({ invite, response }) => ({ url: `/teams/invite/${encodeURIComponent(invite)}/respond`, method: 'POST', body: { response } }),
      transformResponse: (body: Body<object>, _meta, { response }) => body.message || answered[response],
      invalidatesTags: [INVITES, { type: 'Team', id: 'LIST' }],
      // Answered, the invite leaves the bell at once; the reload the tags start confirms it.
      async onQueryStarted({ invite }, { dispatch, queryFulfilled }) {
        if (await queryFulfilled.then(() => true).catch(() => false)) {
          dispatch(invitesApi.util.updateQueryData('getNotifications', undefined, (invites) => invites.filter(({ _id }) => _id !== invite)));
        }
      },
    }),
  }),
});

export const { useGetNotificationsQuery, useMarkInviteReadMutation, useGetInviteQuery, useRespondToInviteMutation } = invitesApi;
