// A check-in changes the attendance the event's admin views list: it refreshes them by their tag.
import { adminEvent } from '../../api/applicants-api';
import { baseApi } from '../../api/base-api';
import type { Answer, ApiMessage, Applicant, DoorRoster, DoorScanResult, DoorTicket, RequestBody } from '../../api/types';

/** The event day at the door: tickets, check-in and a mark by name (admin-side §4), and the door's list kept for working offline. */
const doorApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTicket: build.query<DoorTicket, string>({
      query: (code) => `/admin/tickets/${encodeURIComponent(code)}`,
      transformResponse: (body: Answer<'/admin/tickets/{code}'>) => body.ticket,
      // Each scan asks afresh: a ticket's holders change as they are checked in.
      keepUnusedDataFor: 0,
    }),
    checkIn: build.mutation<ApiMessage & { holders: Applicant[] }, { code: string; eventId: string } & RequestBody<'/admin/tickets/{code}/check-in', 'post'>>({
      query: ({ code, userIds }) => ({ url: `/admin/tickets/${encodeURIComponent(code)}/check-in`, method: 'POST', body: userIds ? { userIds } : {} }),
      transformResponse: (body: Answer<'/admin/tickets/{code}/check-in', 'post'>) => ({ message: body.message ?? 'Checked in', holders: body.holders }),
      invalidatesTags: (_answer, _error, { eventId }) => [adminEvent(eventId)],
    }),
    getDoorRoster: build.query<DoorRoster, string>({
      query: (eventId) => `/admin/events/${eventId}/door-roster`,
      transformResponse: (body: Answer<'/admin/events/{id}/door-roster'>) => body.roster,
      // The door keeps its list on the phone (door-list-store.ts), not in this cache: each download is fresh.
      keepUnusedDataFor: 0,
    }),
    syncDoorScans: build.mutation<DoorScanResult[], { eventId: string } & RequestBody<'/admin/events/{id}/door-scans', 'post'>>({
      query: ({ eventId, ...body }) => ({ url: `/admin/events/${eventId}/door-scans`, method: 'POST', body }),
      transformResponse: (body: Answer<'/admin/events/{id}/door-scans', 'post'>) => body.scans,
      invalidatesTags: (_answer, _error, { eventId }) => [adminEvent(eventId)],
    }),
  }),
});

export const { useLazyGetTicketQuery, useCheckInMutation, useLazyGetDoorRosterQuery, useSyncDoorScansMutation } = doorApi;
