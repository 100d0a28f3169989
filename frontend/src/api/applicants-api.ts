import { resolveApiOrigin } from '../lib/api-url';
import { baseApi } from './base-api';
import type { Answer, ApiMessage, Applicant, RequestBody } from './types';

type AttendanceMark = RequestBody<'/admin/events/{id}/attendance', 'put'>['attendance'][number];

// An admin event's applicants and their attendance: listed on event day and in the super admin's
// dashboard, marked on event day and at the door. They belong to the admin's event: marking them
// refreshes both.
export const adminEvent = (eventId: string) => ({ type: 'AdminEvent' as const, id: eventId });

const applicantsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getApplicants: build.query<Applicant[], { eventId: string; search: string }>({
      query: ({ eventId, search }) => `/admin/events/${encodeURIComponent(eventId)}/applicants${search ? `?${new URLSearchParams({ search })}` : ''}`,
      transformResponse: (body: Answer<'/admin/events/{id}/applicants'>) => body.applicants,
      providesTags: (_applicants, _error, { eventId }) => [adminEvent(eventId)],
    }),
    // `updated`: how many changed; 0 when every mark was already so (the door: "already checked in").
    markAttendance: build.mutation<ApiMessage & { updated: number }, { eventId: string; attendance: AttendanceMark[] }>({
      query: ({ eventId, attendance }) => ({ url: `/admin/events/${encodeURIComponent(eventId)}/attendance`, method: 'PUT', body: { attendance, eventId } }),
      transformResponse: (body: Answer<'/admin/events/{id}/attendance', 'put'>) => ({
        message: body.message || 'Attendance updated successfully!',
        updated: body.updated,
      }),
      // Every cached search of the event shows the saved attendance as soon as the server agrees,
      // before (and even without) the refetch the tag asks for.
      async onQueryStarted({ eventId, attendance }, lifecycle) {
        try {
          await lifecycle.queryFulfilled;
        } catch {
          return; // A refused save changes nothing; the panel shows the reason.
        }
        const saved = new Map(attendance.map(({ userId, isPresent }) => [userId, isPresent]));
        for (const args of applicantsApi.util.selectCachedArgsForQuery(lifecycle.getState(), 'getApplicants')) {
          if (args.eventId !== eventId) continue;
          lifecycle.dispatch(
            applicantsApi.util.updateQueryData('getApplicants', args, (applicants) => {
              for (const applicant of applicants) applicant.isPresent = saved.get(applicant.userId) ?? applicant.isPresent;
            }),
          );
        }
      },
      invalidatesTags: (_answer, _error, { eventId }) => [adminEvent(eventId)],
    }),
  }),
});

export const { useGetApplicantsQuery, useMarkAttendanceMutation } = applicantsApi;

/** The event's applicants as a spreadsheet: a plain link, so the browser downloads it with the session cookie. */
export const exportCsvHref = (eventId: string) =>
  `${resolveApiOrigin(import.meta.env.VITE_API_URL)}/api/v1/admin/events/${encodeURIComponent(eventId)}/export.csv`;
