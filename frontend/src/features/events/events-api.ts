import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { baseApi, type Body } from '../../api/base-api';
import type { Answer, ApiMessage, FestEvent, RequestBody } from '../../api/types';
import { markRegistered } from './event-rules';
import type { GroupRegistration } from './group-enrollment';

/** The event and the signed-in user's own id. */
type SoloRegistration = RequestBody<'/solo', 'post'>;

type SoloRegistered = ApiMessage & Pick<Answer<'/solo', 'post'>, 'registration'>;

/** Puts a fresher copy of an event into a list (an Immer draft). */
function replaceEvent(events: FestEvent[], fresh: FestEvent): void {
  const index = events.findIndex((event) => event._id === fresh._id);
  if (index >= 0) events[index] = fresh;
}

/** One event's seats as the live stream tells them: the event's fields of the same names. */
export interface LiveSeats {
  id: string;
  maxApplications: number | null;
  actualSeatsTaken: number;
  availableSeats: number | null;
}

/** Gives an event (an Immer draft) its live seats; a field that did not change is not touched. */
function takeSeats(event: FestEvent, seats: LiveSeats): void {
  event.maxApplications = seats.maxApplications;
  event.max_participants = seats.maxApplications;
  event.actualSeatsTaken = seats.actualSeatsTaken;
  event.availableSeats = seats.availableSeats;
}

const eventsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getEvents: build.query<FestEvent[], void>({
      query: () => '/events',
      transformResponse: (body: Answer<'/events'>) => body.events,
      providesTags: (events = []) => [{ type: 'Event', id: 'LIST' }, ...events.map((event) => ({ type: 'Event' as const, id: event._id }))],
    }),
    getEvent: build.query<FestEvent, string>({
      query: (eventId) => `/events/${encodeURIComponent(eventId)}`,
      transformResponse: (body: Answer<'/events/{id}'>) => body.event,
      providesTags: (_event, _error, eventId) => [{ type: 'Event', id: eventId }],
    }),
    registerSolo: build.mutation<SoloRegistered, SoloRegistration>({
      query: (body) => ({ url: '/solo', method: 'POST', body }),
      transformResponse: (body: Answer<'/solo', 'post'>) => ({ message: body.message ?? 'Registration successful!', registration: body.registration }),
      // A refusal (full, closed) means the page's copy of the event is stale: the event is read
      // again below, rather than the list, which the server shares for about a second.
      invalidatesTags: [{ type: 'Registration', id: 'LIST' }],
      // On success the answer says what changed. Reloading instead could show the old seat count:
      // the server shares one copy of the event list between requests for about a second.
      async onQueryStarted({ eventId, studentId }, { dispatch, queryFulfilled }) {
        const sentAt = Date.now();
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) {
          // The single event is read live, unlike the list: its seats are the ones that refused.
          const { data: fresh } = await dispatch(eventsApi.endpoints.getEvent.initiate(eventId, { forceRefetch: true, subscribe: false }));
          if (fresh) dispatch(eventsApi.util.updateQueryData('getEvents', undefined, (events) => replaceEvent(events, fresh)));
          return;
        }
        // Live seats that arrived while the request was out may already count this seat; counting
        // it again would stick, since the stream sends only changes. Not counted, it comes with the
        // stream's next change.
        const seatStreamed = (seatsStreamedAt.get(eventId) ?? 0) >= sentAt;
        const update = (event: FestEvent) => markRegistered(event, studentId, data.registration, { countSeat: !seatStreamed });
        dispatch(eventsApi.util.updateQueryData('getEvents', undefined, (events) => events.filter((event) => event._id === eventId).forEach(update)));
        dispatch(eventsApi.util.updateQueryData('getEvent', eventId, update));
      },
    }),
    /**
     * A listed team formed by its leader: each listed student is invited, and nobody is registered
     * until they accept and the leader registers the team (its seat is taken then).
     */
    formListedTeam: build.mutation<string, GroupRegistration>({
      query: (body) => ({ url: '/group', method: 'POST', body }),
      transformResponse: (body: Body<object>) => body.message || 'Invitations sent',
      invalidatesTags: [{ type: 'Team', id: 'LIST' }],
    }),
  }),
});

export const { useGetEventsQuery, useGetEventQuery, useRegisterSoloMutation, useFormListedTeamMutation } = eventsApi;

/** When live seats last arrived for each event, so a registration's answer does not count its seat twice. */
const seatsStreamedAt = new Map<string, number>();

/** What dispatches the cache's patches: any store holding the API. */
type ApiDispatch = ThunkDispatch<never, unknown, UnknownAction>;

/**
 * Puts live seats into the cached list and into the cached page of `eventId`, in place: nothing
 * is read again, and a card whose seats did not change keeps its object (and is not drawn again).
 */
export function patchSeats(dispatch: ApiDispatch, seats: LiveSeats[], eventId?: string): void {
  const byId = new Map(seats.map((seat) => [seat.id, seat]));
  const now = Date.now();
  for (const id of byId.keys()) seatsStreamedAt.set(id, now);
  dispatch(
    eventsApi.util.updateQueryData('getEvents', undefined, (events) => {
      for (const event of events) {
        const seat = byId.get(event._id);
        if (seat) takeSeats(event, seat);
      }
    }),
  );
  const own = eventId === undefined ? undefined : byId.get(eventId);
  if (eventId !== undefined && own) dispatch(eventsApi.util.updateQueryData('getEvent', eventId, (event) => takeSeats(event, own)));
}
