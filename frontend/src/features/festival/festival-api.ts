import { baseApi, type Body } from '../../api/base-api';

/** The festival's configured facts (GET /api/v1/festival). */
export interface Festival {
  festivalDate: string;
  registrationOpensAt: string;
  institutionEmailDomain: string;
  eventCount: number;
}

export const festivalApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getFestival: build.query<Festival, void>({
      query: () => '/festival',
      transformResponse: (body: Body<{ festival: Festival }>) => body.festival,
    }),
  }),
});

export const { useGetFestivalQuery } = festivalApi;
