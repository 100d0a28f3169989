// A check-in changes the attendance the event's admin views list: it refreshes them by their tag.
import { adminEvent } from '../../api/applicants-api';
import { baseApi, type Body } from '../../api/base-api';
import type { Applicant, DoorTicket } from '../../api/types';

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
      invalidatesTags: (_answer, _error, { eventId }) => [adminEvent(eventId)],
    }),
  }),
});

export const { useLazyGetTicketQuery, useCheckInMutation } = doorApi;
