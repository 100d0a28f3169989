import { baseApi } from './base-api';
import type { Answer, Club } from './types';

/** The clubs list's cache tag: the clubs page's changes refresh every form that offers clubs. */
export const CLUBS = { type: 'Club', id: 'LIST' } as const;

/** The clubs, read by every admin form and filter that offers them, and by the clubs page. */
const clubsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getClubs: build.query<Club[], void>({
      query: () => '/clubs',
      transformResponse: (body: Answer<'/clubs'>) => body.clubs,
      providesTags: [CLUBS],
    }),
  }),
});

export const { useGetClubsQuery } = clubsApi;
