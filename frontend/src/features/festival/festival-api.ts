import { baseApi } from '../../api/base-api';
import type { Answer, Festival } from '../../api/types';

const festivalApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getFestival: build.query<Festival, void>({
      query: () => '/festival',
      transformResponse: (body: Answer<'/festival'>) => body.festival,
      providesTags: ['Festival'],
    }),
  }),
});

export const { useGetFestivalQuery } = festivalApi;
