import { baseApi } from './base-api';
import type { Answer, Edition, EventResults } from './types';

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
    /** The festival's editions, the current one first (public): the archive's years, and the settings page's. */
    getEditions: build.query<Edition[], void>({
      query: () => '/festival/editions',
      transformResponse: (body: Answer<'/festival/editions'>) => body.editions,
      providesTags: ['Festival'],
    }),
    /** Every event of an edition with confirmed winners (public): the archive of results by year. */
    getEditionResults: build.query<{ edition: Edition; results: EventResults[] }, number>({
      query: (editionId) => `/festival/editions/${editionId}/results`,
      transformResponse: (body: Answer<'/festival/editions/{id}/results'>) => ({ edition: body.edition, results: body.results }),
      providesTags: ['Festival'],
    }),
  }),
});

export const { useGetResultsQuery, useGetEditionsQuery, useGetEditionResultsQuery } = resultsApi;
