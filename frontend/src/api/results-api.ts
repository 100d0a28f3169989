import { baseApi } from './base-api';
import type { Answer, EventResults } from './types';

/**
 * An event's published results (GET /events/{id}/results, public). Shared by the public results
 * page, the event page's link to it and the club admin's event-day panel, so it sits below them.
 * A 404 means no winners are confirmed yet (or no such event). Tagged as the event: confirming
 * winners invalidates it.
 */
const resultsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getResults: build.query<EventResults, string>({
      query: (eventId) => `/events/${encodeURIComponent(eventId)}/results`,
      transformResponse: (body: Answer<'/events/{id}/results'>) => body.results,
      providesTags: (_results, _error, eventId) => [{ type: 'Event', id: eventId }],
    }),
  }),
});

export const { useGetResultsQuery } = resultsApi;
