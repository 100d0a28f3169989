import { baseApi } from '../../api/base-api';
import type { Answer, ApiMessage, Classmate, GenderStats, RequestBody, Team } from '../../api/types';

/** The team as it now stands, with the message for its toast. */
type TeamAnswer = ApiMessage & Pick<Answer<'/teams/create', 'post'>, 'team'>;

/** An invitation round: the team as it now stands, and each refused invitee's reason. */
type InviteAnswer = TeamAnswer & Pick<Answer<'/teams/invite', 'post'>, 'invites'>;

const TEAMS = { type: 'Team', id: 'LIST' } as const;

// The spec's success texts (§8), for an answer that carries no message of its own.
const withMessage =
  (fallback: string) =>
  <T extends { message?: string }>(body: T): T & ApiMessage => ({ ...body, message: body.message || fallback });

const teamsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in student's own teams for one event. */
    getEventTeams: build.query<Team[], string>({
      query: (eventId) => `/teams/event/${encodeURIComponent(eventId)}`,
      transformResponse: (body: Answer<'/teams/event/{eventId}'>) => body.teams,
      providesTags: [TEAMS],
    }),
    /** Registered teams per gender; public. Tagged with the event, whose seats change with them. */
    getGenderStats: build.query<GenderStats, string>({
      query: (eventId) => `/teams/event/${encodeURIComponent(eventId)}/stats`,
      transformResponse: ({ hasGenderBasedTeams, stats }: Answer<'/teams/event/{eventId}/stats'>) => ({ hasGenderBasedTeams, stats }),
      providesTags: (_stats, _error, eventId) => [{ type: 'Event', id: eventId }],
    }),
    /** Verified students matching a name or e-mail, within the event's same-gender rule. */
    searchClassmates: build.query<Classmate[], { q: string; eventId: string }>({
      query: ({ q, eventId }) => `/users/search?q=${encodeURIComponent(q)}&eventId=${encodeURIComponent(eventId)}`,
      transformResponse: (body: Answer<'/users/search'>) => body.users,
      keepUnusedDataFor: 30,
    }),
    createTeam: build.mutation<TeamAnswer, RequestBody<'/teams/create', 'post'>>({
      query: (body) => ({ url: '/teams/create', method: 'POST', body }),
      transformResponse: (body: Answer<'/teams/create', 'post'>, _meta, { teamName }) => withMessage(`Team "${teamName}" created successfully!`)(body),
      invalidatesTags: [TEAMS],
    }),
    createTeamWithInvites: build.mutation<InviteAnswer, RequestBody<'/teams/create-with-invites', 'post'>>({
      query: (body) => ({ url: '/teams/create-with-invites', method: 'POST', body }),
      transformResponse: (body: Answer<'/teams/create-with-invites', 'post'>, _meta, { teamName }) =>
        withMessage(`Team "${teamName}" created successfully!`)(body),
      invalidatesTags: [TEAMS],
    }),
    /** The team manager's invitation (spec: POST /teams/invite). */
    inviteMembers: build.mutation<InviteAnswer, RequestBody<'/teams/invite', 'post'>>({
      query: (body) => ({ url: '/teams/invite', method: 'POST', body }),
      transformResponse: (body: Answer<'/teams/invite', 'post'>) => withMessage(`Successfully invited ${body.invites.sent} user(s)!`)(body),
      invalidatesTags: [TEAMS],
    }),
    /** The event page's Add Members (spec: POST /teams/{teamId}/add-members), answered with its own success text. */
    addMembers: build.mutation<InviteAnswer, { teamId: string } & RequestBody<'/teams/{teamId}/add-members', 'post'>>({
      query: ({ teamId, userIds }) => ({ url: `/teams/${encodeURIComponent(teamId)}/add-members`, method: 'POST', body: { userIds } }),
      transformResponse: (body: Answer<'/teams/{teamId}/add-members', 'post'>) => ({ ...body, message: 'Members invited successfully!' }),
      invalidatesTags: [TEAMS],
    }),
    cancelInvite: build.mutation<ApiMessage, string>({
      query: (inviteId) => ({ url: `/teams/invite/${encodeURIComponent(inviteId)}`, method: 'DELETE' }),
      transformResponse: withMessage('Invite cancelled successfully'),
      invalidatesTags: [TEAMS],
    }),
    /** Takes one of the event's seats: the event, its gender counts and My Registrations change with it. */
    registerTeam: build.mutation<TeamAnswer, RequestBody<'/teams/register', 'post'> & { eventId: string }>({
      query: ({ teamId }) => ({ url: '/teams/register', method: 'POST', body: { teamId } }),
      transformResponse: (body: Answer<'/teams/register', 'post'>) => withMessage('Team registered successfully!')(body),
      invalidatesTags: (_answer, _error, { eventId }) => [
        TEAMS,
        { type: 'Event', id: eventId },
        { type: 'Event', id: 'LIST' },
        { type: 'Registration', id: 'LIST' },
      ],
    }),
    discardTeam: build.mutation<ApiMessage, string>({
      query: (teamId) => ({ url: `/teams/${encodeURIComponent(teamId)}`, method: 'DELETE' }),
      transformResponse: withMessage('Team discarded successfully!'),
      invalidatesTags: [TEAMS],
    }),
    leaveTeam: build.mutation<ApiMessage, string>({
      query: (teamId) => ({ url: `/teams/${encodeURIComponent(teamId)}/leave`, method: 'POST' }),
      transformResponse: withMessage('Left team successfully!'),
      invalidatesTags: [TEAMS],
    }),
  }),
});

export const {
  useGetEventTeamsQuery,
  useGetGenderStatsQuery,
  useSearchClassmatesQuery,
  useCreateTeamMutation,
  useCreateTeamWithInvitesMutation,
  useInviteMembersMutation,
  useAddMembersMutation,
  useCancelInviteMutation,
  useRegisterTeamMutation,
  useDiscardTeamMutation,
  useLeaveTeamMutation,
} = teamsApi;
