import { AUDIT } from '../../api/admin-api';
import { baseApi } from '../../api/base-api';
import type { Answer, ApiMessage, FestivalSettings, RequestBody } from '../../api/types';

export type FestivalSettingsForm = RequestBody<'/festival/settings', 'put'>;
export type StartEditionForm = RequestBody<'/festival/editions', 'post'>;

const SETTINGS = { type: 'Festival', id: 'SETTINGS' } as const;

const festivalSettingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getFestivalSettings: build.query<FestivalSettings, void>({
      query: () => '/festival/settings',
      transformResponse: (body: Answer<'/festival/settings'>) => body.settings,
      providesTags: [SETTINGS],
    }),
    saveFestivalSettings: build.mutation<ApiMessage & { settings: FestivalSettings }, FestivalSettingsForm>({
      query: (body) => ({ url: '/festival/settings', method: 'PUT', body }),
      transformResponse: (body: Answer<'/festival/settings', 'put'>) => ({ message: body.message, settings: body.settings }),
      // The home page's festival (its dates, texts) and the audit trail change with it; the form keeps the answer's settings,
      // and next year's festival is started from the version saved.
      invalidatesTags: ['Festival', SETTINGS, AUDIT],
    }),
    startEdition: build.mutation<ApiMessage, StartEditionForm>({
      query: (body) => ({ url: '/festival/editions', method: 'POST', body }),
      transformResponse: (body: Answer<'/festival/editions', 'post'>) => ({ message: body.message }),
      // Everything that answers for the current festival answers for the new one.
      invalidatesTags: ['Festival', SETTINGS, AUDIT, 'Event', 'AdminEvent', 'Registration'],
    }),
  }),
});

export const { useGetFestivalSettingsQuery, useSaveFestivalSettingsMutation, useStartEditionMutation } = festivalSettingsApi;
