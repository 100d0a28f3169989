import { baseApi, type Body } from '../../api/base-api';
import type { EventType } from '../../components/TypeBadge';

/** One of the signed-in user's registrations (GET /api/v1/user/registrations). */
export interface Registration {
  _id: string;
  eventId: string;
  eventName: string;
  eventType: EventType;
  clubInCharge: string | null;
  status: 'pending' | 'approved' | 'rejected';
  appliedAt: string;
  /** Registrations here are solo ones, which carry no team details. */
  teamDetails: null;
}

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
