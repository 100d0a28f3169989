import { baseApi, type Body } from '../../api/base-api';
import type { Answer, Registration, RequestBody } from '../../api/types';
import { resolveApiOrigin } from '../../lib/api-url';

const REGISTRATIONS = { type: 'Registration', id: 'LIST' } as const;

/** The event, and its name as the student typed it to confirm. */
type Cancellation = { eventId: string } & RequestBody<'/registrations/{eventId}/cancel', 'post'>;

export const registrationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getMyRegistrations: build.query<Registration[], void>({
      query: () => '/user/registrations',
      transformResponse: (body: Answer<'/user/registrations'>) => body.registrations,
      providesTags: [REGISTRATIONS],
    }),
    /**
     * Gives the seat back (a team's, by its leader): the event's seats change, the team is
     * unregistered, and the seat may go to the head of the event's line.
     */
    cancelRegistration: build.mutation<string, Cancellation>({
      query: ({ eventId, eventName }) => ({ url: `/registrations/${encodeURIComponent(eventId)}/cancel`, method: 'POST', body: { eventName } }),
      transformResponse: (body: Body<object>, _meta, { eventName }) => body.message || `Your registration for ${eventName} is cancelled.`,
      invalidatesTags: (_message, error, { eventId }) =>
        // Refused (a deadline passed), the list and the event are read again so the card drops its Cancel.
        error
          ? [REGISTRATIONS, { type: 'Event', id: eventId }]
          : [REGISTRATIONS, { type: 'Event', id: eventId }, { type: 'Event', id: 'LIST' }, { type: 'Team', id: 'LIST' }],
      // Cancelled, the registration leaves the list at once; the reload the tags start confirms it.
      async onQueryStarted({ eventId }, { dispatch, queryFulfilled }) {
        if (await queryFulfilled.then(() => true).catch(() => false)) {
          dispatch(
            registrationsApi.util.updateQueryData('getMyRegistrations', undefined, (list) => list.filter((registration) => registration.eventId !== eventId)),
          );
        }
      },
    }),
    /** Turns the day-before reminder e-mails on or off; the signed-in user is loaded again to carry the new setting. */
    setEventReminders: build.mutation<boolean, boolean>({
      query: (enabled) => ({ url: '/users/me/reminders', method: 'PUT', body: { enabled } }),
      transformResponse: (body: Answer<'/users/me/reminders', 'put'>) => body.eventReminders,
      invalidatesTags: ['Session'],
    }),
  }),
});

export const { useGetMyRegistrationsQuery, useCancelRegistrationMutation, useSetEventRemindersMutation } = registrationsApi;

/** The registration's calendar invite: a plain link, so the browser downloads it with the session cookie. */
export const calendarHref = (eventId: string) =>
  `${resolveApiOrigin(import.meta.env.VITE_API_URL)}/api/v1/registrations/${encodeURIComponent(eventId)}/calendar.ics`;
