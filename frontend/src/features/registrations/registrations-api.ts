import { baseApi, type Body } from '../../api/base-api';
import type { Registration } from '../../api/types';
import { resolveApiOrigin } from '../../lib/api-url';

export const registrationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getMyRegistrations: build.query<Registration[], void>({
      query: () => '/user/registrations',
      transformResponse: (body: Body<{ registrations: Registration[] }>) => body.registrations,
      providesTags: [{ type: 'Registration', id: 'LIST' }],
    }),
    /** Turns the day-before reminder e-mails on or off; the signed-in user is loaded again to carry the new setting. */
    setEventReminders: build.mutation<boolean, boolean>({
      query: (enabled) => ({ url: '/users/me/reminders', method: 'PUT', body: { enabled } }),
      transformResponse: (body: Body<{ eventReminders: boolean }>) => body.eventReminders,
      invalidatesTags: ['Session'],
    }),
  }),
});

export const { useGetMyRegistrationsQuery, useSetEventRemindersMutation } = registrationsApi;

/** The registration's calendar invite: a plain link, so the browser downloads it with the session cookie. */
export const calendarHref = (eventId: string) =>
  `${resolveApiOrigin(import.meta.env.VITE_API_URL)}/api/v1/registrations/${encodeURIComponent(eventId)}/calendar.ics`;
