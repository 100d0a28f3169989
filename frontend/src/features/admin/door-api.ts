import { baseApi, type Body } from '../../api/base-api';
import type { Applicant, DoorTicket } from '../../api/types';

/** The event's admin views show attendance, so a check-in refreshes them. */
const eventTag = (eventId: string) => ({ type: 'AdminEvent' as const, id: eventId });

/** The event day at the door: tickets, check-in and the applicants' search (admin-side §4). */
const doorApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTicket: build.query<DoorTicket, string>({
      query: (code) => `/admin/tickets/${encodeURIComponent(code)}`,
      transformResponse: (body: Body<{ ticket: DoorTicket }>) => body.ticket,
      // Each scan asks afresh: a ticket's holders change as they are checked in.
      keepUnusedDataFor: 0,
    }),
    checkIn: build.mutation<{ message: string; holders: Applicant[] }, { code: string; eventId: string; userIds?: string[] }>({
      query: ({ code, userIds }) => ({ url: `/admin/tickets/${encodeURIComponent(code)}/check-in`, method: 'POST', body: userIds ? { userIds } : {} }),
      transformResponse: (body: Body<{ holders: Applicant[] }>) => ({ message: body.message ?? 'Checked in', holders: body.holders }),
      invalidatesTags: (_answer, _error, { eventId }) => [eventTag(eventId)],
    }),
    searchApplicants: build.query<Applicant[], { eventId: string; search: string }>({
      query: ({ eventId, search }) => `/admin/events/${encodeURIComponent(eventId)}/applicants?${new URLSearchParams({ search }).toString()}`,
      transformResponse: (body: Body<{ applicants: Applicant[] }>) => body.applicants,
      providesTags: (_applicants, _error, { eventId }) => [eventTag(eventId)],
    }),
    markPresent: build.mutation<{ message: string }, { eventId: string; userId: string }>({
      query: ({ eventId, userId }) => ({
        url: `/admin/events/${encodeURIComponent(eventId)}/attendance`,
        method: 'PUT',
        body: { attendance: [{ userId, isPresent: true }] },
      }),
      transformResponse: (body: Body<object>) => ({ message: body.message ?? 'Attendance updated successfully!' }),
      invalidatesTags: (_answer, _error, { eventId }) => [eventTag(eventId)],
    }),
  }),
});

export const { useLazyGetTicketQuery, useCheckInMutation, useSearchApplicantsQuery, useMarkPresentMutation } = doorApi;
