import { baseApi, type Body } from './base-api';
import type { AdminEvent, Answer, ApiMessage, StaffAdmin } from './types';

// What the admin pages share: the tags their lists are cached under (one page's change refreshes
// another's list), the helpers their endpoints use, and the reads several of them make.
export const INVITES = { type: 'AdminInvite', id: 'LIST' } as const;
export const ADMIN_EVENTS = { type: 'AdminEvent', id: 'LIST' } as const;
export const ADMINS = { type: 'AdminUser', id: 'LIST' } as const;
export const AUDIT = { type: 'Audit', id: 'LIST' } as const;
export const PEOPLE = { type: 'AdminUser', id: 'PEOPLE' } as const;
// The public catalogue shows the events admins change.
export const PUBLIC_EVENTS = { type: 'Event', id: 'LIST' } as const;

// The spec's success texts (§8), for an answer that carries no message of its own.
export const messageOr =
  (fallback: string) =>
  (body: Body<object>): ApiMessage => ({ message: body.message || fallback });

export const query = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).flatMap(([key, value]) => (value === '' ? [] : [[key, String(value)]]))).toString();

/** The club's events (admins): managed on the events pages, read at the door and on event day. */
const adminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminEvents: build.query<AdminEvent[], void>({
      query: () => '/admin/events',
      transformResponse: (body: Answer<'/admin/events'>) => body.events,
      providesTags: (events = []) => [ADMIN_EVENTS, ...events.map(({ _id }) => ({ type: 'AdminEvent' as const, id: _id }))],
    }),
    /** A closed festival's events of the admin's club (read-only): what Create Event may copy. */
    getEditionEvents: build.query<AdminEvent[], number>({
      query: (edition) => `/admin/events?${query({ edition })}`,
      transformResponse: (body: Answer<'/admin/events'>) => body.events,
    }),
    getAdminEvent: build.query<AdminEvent, string>({
      query: (eventId) => `/admin/events/${encodeURIComponent(eventId)}`,
      transformResponse: (body: Answer<'/admin/events/{id}'>) => body.event,
      providesTags: (_event, _error, eventId) => [{ type: 'AdminEvent', id: eventId }],
    }),
    // The staff search of the event form's staff in-charge and the audit trail's actor filter.
    searchStaff: build.query<StaffAdmin[], string>({
      query: (search) => `/admin/users/all-admins?${query({ search })}`,
      transformResponse: (body: Answer<'/admin/users/all-admins'>) => body.admins,
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useGetAdminEventsQuery, useGetEditionEventsQuery, useGetAdminEventQuery, useSearchStaffQuery } = adminApi;
