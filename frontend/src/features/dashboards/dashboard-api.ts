import { baseApi } from '../../api/base-api';
import type { Answer, ClubStats, DashboardOverview, EventsRegistrations } from '../../api/types';

// The dashboards' figures (GET /admin/dashboard/*): the festival's for the super admin, their own
// club's for a club admin. The server shares each scope's figures for a few seconds, so the
// dashboards read them afresh on every visit instead of tagging them for every change elsewhere.
const FRESH_ON_VISIT = { refetchOnMountOrArgChange: true } as const;

const dashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDashboardStats: build.query<DashboardOverview, void>({
      query: () => '/admin/dashboard/stats',
      transformResponse: ({ stats, assignedEvent, lastUpdated }: Answer<'/admin/dashboard/stats'>) => ({ stats, assignedEvent, lastUpdated }),
    }),
    getEventsRegistrations: build.query<EventsRegistrations, void>({
      query: () => '/admin/dashboard/events-registrations',
      transformResponse: ({ clubs, totalClubs, totalEvents, totalRegistrations, lastUpdated }: Answer<'/admin/dashboard/events-registrations'>) => ({
        clubs,
        totalClubs,
        totalEvents,
        totalRegistrations,
        lastUpdated,
      }),
    }),
    getClubStats: build.query<ClubStats, void>({
      query: () => '/admin/dashboard/club-stats',
      transformResponse: ({ clubs, registrationsByDay }: Answer<'/admin/dashboard/club-stats'>) => ({ clubs, registrationsByDay }),
    }),
  }),
});

const { useGetDashboardStatsQuery, useGetEventsRegistrationsQuery, useGetClubStatsQuery } = dashboardApi;

export const useDashboardStats = () => useGetDashboardStatsQuery(undefined, FRESH_ON_VISIT);
export const useClubStats = () => useGetClubStatsQuery(undefined, FRESH_ON_VISIT);
/** The detailed panel's figures, read only once `wanted` (the panel first opened). */
export const useEventsRegistrations = (wanted: boolean) => useGetEventsRegistrationsQuery(undefined, { ...FRESH_ON_VISIT, skip: !wanted });
