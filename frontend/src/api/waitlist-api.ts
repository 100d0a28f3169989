import { baseApi, type Body } from './base-api';
import type { Answer, ApiMessage, WaitlistEntry } from './types';
import { WAITLIST } from './waitlist-cache';

interface Joined extends ApiMessage {
  entry: WaitlistEntry;
}

/** The server's message, else the contract's own words for the answer. */
const messageOr =
  (fallback: (entry: WaitlistEntry) => string) =>
  (body: Body<object>, _meta: unknown, entry: WaitlistEntry): ApiMessage => ({ message: body.message || fallback(entry) });

/** What accepting an offer changes: the seat becomes a registration (a team's, for a team's entry). */
const registeredTags = (entry: WaitlistEntry) => [
  WAITLIST,
  { type: 'Event' as const, id: entry.event.id },
  { type: 'Registration' as const, id: 'LIST' },
  ...(entry.team ? [{ type: 'Team' as const, id: 'LIST' }] : []),
];

/**
 * The student's places in the events' waitlists. Shared by the event cards and pages, the team
 * manager, the bell and My Registrations, so it sits below them; one list (GET /waitlist) feeds
 * them all, tagged 'Waitlist'. Leaving or declining frees a place or a held seat for the next in
 * line, which changes the event's seats too.
 */
const waitlistApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getWaitlist: build.query<WaitlistEntry[], void>({
      query: () => '/waitlist',
      transformResponse: (body: Answer<'/waitlist'>) => body.entries,
      providesTags: [WAITLIST],
    }),
    /** A solo student alone, or (group events) the leader's complete, unregistered team. */
    joinWaitlist: build.mutation<Joined, { eventId: string; teamId?: string }>({
      query: ({ eventId, teamId }) => ({ url: `/events/${encodeURIComponent(eventId)}/waitlist`, method: 'POST', body: teamId ? { teamId } : {} }),
      transformResponse: ({ message, entry }: Answer<'/events/{eventId}/waitlist', 'post'>) => ({
        message: message || `You are number ${entry.place} in line for ${entry.event.name}.`,
        entry,
      }),
      // A refusal means the page's copy of the event is stale (seats open again: Register instead;
      // closed): the event is read again along with the list.
      invalidatesTags: (_joined, error, { eventId }) => (error ? [WAITLIST, { type: 'Event', id: eventId }] : [WAITLIST]),
    }),
    acceptOffer: build.mutation<ApiMessage, WaitlistEntry>({
      query: (entry) => ({ url: `/waitlist/${encodeURIComponent(entry.id)}/accept`, method: 'POST' }),
      transformResponse: messageOr(({ event, team }) => (team ? 'Team registered successfully!' : `Successfully registered for ${event.name}!`)),
      // A refusal (lapsed, passed on) also means the list is stale.
      invalidatesTags: (_answer, _error, entry) => registeredTags(entry),
    }),
    declineOffer: build.mutation<ApiMessage, WaitlistEntry>({
      query: (entry) => ({ url: `/waitlist/${encodeURIComponent(entry.id)}/decline`, method: 'POST' }),
      transformResponse: messageOr(({ event }) => `You declined the seat for ${event.name}. It passes to the next in line.`),
      invalidatesTags: (_answer, _error, entry) => [WAITLIST, { type: 'Event', id: entry.event.id }],
    }),
    leaveWaitlist: build.mutation<ApiMessage, WaitlistEntry>({
      query: (entry) => ({ url: `/waitlist/${encodeURIComponent(entry.id)}`, method: 'DELETE' }),
      transformResponse: messageOr(({ event }) => `You left the waitlist for ${event.name}.`),
      invalidatesTags: (_answer, _error, entry) => [WAITLIST, { type: 'Event', id: entry.event.id }],
    }),
  }),
});

/** The student's open entries as last read, without asking for them (undefined until read). */
export const selectCachedWaitlist = waitlistApi.endpoints.getWaitlist.select();

export const { useGetWaitlistQuery, useJoinWaitlistMutation, useAcceptOfferMutation, useDeclineOfferMutation, useLeaveWaitlistMutation } = waitlistApi;
