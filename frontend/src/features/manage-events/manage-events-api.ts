import { ADMIN_EVENTS, AUDIT, INVITES, messageOr, PUBLIC_EVENTS } from '../../api/admin-api';
import { baseApi } from '../../api/base-api';
import type { AdminEvent, Answer, ApiMessage, RequestBody } from '../../api/types';

/** What the event form sends: every field on create, the changed ones on update. */
type EventPayload = RequestBody<'/admin/events', 'post'>;

type DecisionBody = RequestBody<'/admin/events/{id}/registrations', 'put'>;
export type Decision = DecisionBody['status'];

/** The event's queue, and the students and teams the admin ticked (either list may be empty). */
/** Whom and what, always said; why, for a rejection when the admin says. */
type DecisionForm = { eventId: string } & Required<Omit<DecisionBody, 'reason'>> & Pick<DecisionBody, 'reason'>;

const manageEventsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createEvent: build.mutation<ApiMessage & { event: AdminEvent }, EventPayload>({
      query: (body) => ({ url: '/admin/events', method: 'POST', body }),
      transformResponse: (body: Answer<'/admin/events', 'post'>) => ({ message: body.message || 'Event created successfully!', event: body.event }),
      invalidatesTags: [ADMIN_EVENTS, PUBLIC_EVENTS, AUDIT],
    }),
    updateEvent: build.mutation<ApiMessage, { eventId: string; changes: Partial<EventPayload> }>({
      query: ({ eventId, changes }) => ({ url: `/admin/events/${encodeURIComponent(eventId)}`, method: 'PUT', body: changes }),
      transformResponse: messageOr('Event updated successfully!'),
      invalidatesTags: (_answer, _error, { eventId }) => [
        ADMIN_EVENTS,
        { type: 'AdminEvent', id: eventId },
        PUBLIC_EVENTS,
        { type: 'Event', id: eventId },
        AUDIT,
      ],
    }),
    deleteEvent: build.mutation<ApiMessage & { cancelledRegistrations: number }, string>({
      query: (eventId) => ({ url: `/admin/events/${encodeURIComponent(eventId)}`, method: 'DELETE' }),
      transformResponse: (body: Answer<'/admin/events/{id}', 'delete'>) => ({
        message: body.message || 'Event deleted',
        cancelledRegistrations: body.cancelledRegistrations,
      }),
      invalidatesTags: [ADMIN_EVENTS, PUBLIC_EVENTS, INVITES, AUDIT],
    }),
    decideRegistrations: build.mutation<ApiMessage & { updated: number; skipped: number }, DecisionForm>({
      query: ({ eventId, status, userIds, teamIds, reason }) => ({
        url: `/admin/events/${encodeURIComponent(eventId)}/registrations`,
        method: 'PUT',
        body: { status, ...(userIds.length > 0 && { userIds }), ...(teamIds.length > 0 && { teamIds }), ...(reason && { reason }) },
      }),
      transformResponse: (body: Answer<'/admin/events/{id}/registrations', 'put'>, _meta, { status }) => ({
        message: body.message || `Registrations ${status}`,
        updated: body.updated,
        skipped: body.skipped,
      }),
      // A rejection frees a seat: the public event changes too.
      invalidatesTags: (_answer, _error, { eventId }) => [{ type: 'AdminEvent', id: eventId }, { type: 'Event', id: eventId }, PUBLIC_EVENTS, AUDIT],
    }),
  }),
});

export const { useCreateEventMutation, useUpdateEventMutation, useDeleteEventMutation, useDecideRegistrationsMutation } = manageEventsApi;
