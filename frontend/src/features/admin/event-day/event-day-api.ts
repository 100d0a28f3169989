import { baseApi, type Body } from '../../../api/base-api';
import type { ApiMessage, Applicant } from '../../../api/types';
import { resolveApiOrigin } from '../../../lib/api-url';

interface AttendanceMark {
  userId: string;
  isPresent: boolean;
}

/** One place as the admin chose it: a student on an individual event, a whole team on a group event. */
interface WinnerChoice {
  place: number;
  userId?: string;
  teamId?: string;
}

// Applicants and attendance belong to the admin's event: marking them refreshes both. Winners
// belong to the event's public results (tagged as the public event, see api/results-api).
export const adminEvent = (eventId: string) => ({ type: 'AdminEvent' as const, id: eventId });

const eventDayApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getApplicants: build.query<Applicant[], { eventId: string; search: string }>({
      query: ({ eventId, search }) => `/admin/events/${encodeURIComponent(eventId)}/applicants${search ? `?${new URLSearchParams({ search })}` : ''}`,
      transformResponse: (body: Body<{ applicants: Applicant[] }>) => body.applicants,
      providesTags: (_applicants, _error, { eventId }) => [adminEvent(eventId)],
    }),
    // `updated`: how many changed; 0 when every mark was already so (the door: "already checked in").
    markAttendance: build.mutation<ApiMessage & { updated: number }, { eventId: string; attendance: AttendanceMark[] }>({
      query: ({ eventId, attendance }) => ({ url: `/admin/events/${encodeURIComponent(eventId)}/attendance`, method: 'PUT', body: { attendance, eventId } }),
      transformResponse: (body: Body<{ updated: number }>) => ({ message: body.message || 'Attendance updated successfully!', updated: body.updated }),
      // Every cached search of the event shows the saved attendance as soon as the server agrees,
      // before (and even without) the refetch the tag asks for.
      async onQueryStarted({ eventId, attendance }, lifecycle) {
        try {
          await lifecycle.queryFulfilled;
        } catch {
          return; // A refused save changes nothing; the panel shows the reason.
        }
        const saved = new Map(attendance.map(({ userId, isPresent }) => [userId, isPresent]));
        for (const args of eventDayApi.util.selectCachedArgsForQuery(lifecycle.getState(), 'getApplicants')) {
          if (args.eventId !== eventId) continue;
          lifecycle.dispatch(
            eventDayApi.util.updateQueryData('getApplicants', args, (applicants) => {
              for (const applicant of applicants) applicant.isPresent = saved.get(applicant.userId) ?? applicant.isPresent;
            }),
          );
        }
      },
      invalidatesTags: (_answer, _error, { eventId }) => [adminEvent(eventId)],
    }),
    chooseWinners: build.mutation<ApiMessage, { eventId: string; winners: WinnerChoice[] }>({
      query: ({ eventId, winners }) => ({ url: `/admin/events/${encodeURIComponent(eventId)}/winners`, method: 'PUT', body: { winners } }),
      transformResponse: (body: Body<object>) => ({ message: body.message || 'Winners selected successfully!' }),
      invalidatesTags: (_answer, _error, { eventId }) => [{ type: 'Event', id: eventId }],
    }),
  }),
});

export const { useGetApplicantsQuery, useMarkAttendanceMutation, useChooseWinnersMutation } = eventDayApi;

/** The event's applicants as a spreadsheet: a plain link, so the browser downloads it with the session cookie. */
export const exportCsvHref = (eventId: string) =>
  `${resolveApiOrigin(import.meta.env.VITE_API_URL)}/api/v1/admin/events/${encodeURIComponent(eventId)}/export.csv`;
