import { baseApi, type Body } from '../../api/base-api';
import type { Festival } from '../../api/types';

const festivalApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getFestival: build.query<Festival, void>({
      query: () => '/festival',
      transformResponse: (body: Body<{ festival: Festival }>) => body.festival,
    }),
  }),
});

export const { useGetFestivalQuery } = festivalApi;
