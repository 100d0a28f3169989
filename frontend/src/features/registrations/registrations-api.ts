import { baseApi, type Body } from '../../api/base-api';
import type { Registration } from '../../api/types';

export const registrationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getMyRegistrations: build.query<Registration[], void>({
      query: () => '/user/registrations',
      transformResponse: (body: Body<{ registrations: Registration[] }>) => body.registrations,
      providesTags: [{ type: 'Registration', id: 'LIST' }],
    }),
  }),
});

export const { useGetMyRegistrationsQuery } = registrationsApi;
