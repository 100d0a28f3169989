import { baseApi, type Body } from '../../api/base-api';
import type { Applicant, DoorTicket } from '../../api/types';

/**
 * The event's admin views show attendance, so a check-in refreshes them: the tag event-day-api
 * gives the applicants it lists (a search at the door reads them through its getApplicants).
 */
const eventTag = (eventId: string) => ({ type: 'AdminEvent' as const, id: eventId });

/** The event day at the door: tickets, check-in and a mark by name (admin-side §4). */
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
    /**
     * The attendance route for one student, answering `updated` (0: they were in already), which
     * event-day-api's markAttendance leaves out of its answer.
     */
    markPresent: build.mutation<{ updated: number }, { eventId: string; userId: string }>({
      query: ({ eventId, userId }) => ({
        url: `/admin/events/${encodeURIComponent(eventId)}/attendance`,
        method: 'PUT',
        body: { attendance: [{ userId, isPresent: true }] },
      }),
      transformResponse: (body: Body<{ updated: number }>) => ({ updated: body.updated }),
      invalidatesTags: (_answer, _error, { eventId }) => [eventTag(eventId)],
    }),
  }),
});

export const { useLazyGetTicketQuery, useCheckInMutation, useMarkPresentMutation } = doorApi;
