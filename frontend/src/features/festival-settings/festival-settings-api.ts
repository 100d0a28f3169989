import { AUDIT } from '../../api/admin-api';
import { API_BASE_URL, baseApi } from '../../api/base-api';
import type { Answer, ApiMessage, FestivalSettings, RequestBody } from '../../api/types';

export type FestivalSettingsForm = RequestBody<'/festival/settings', 'put'>;
export type StartEditionForm = RequestBody<'/festival/editions', 'post'>;
/** An uploaded signature image, to name as a signatory's `signatureImageId`. */
type SignatureImage = Answer<'/festival/signature-images', 'post'>['signatureImage'];

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
      // The answer's settings are the cache's at once, before the read the save invalidates
      // answers: a new time zone draws every page again (the app's layout), this one with it, and
      // its form starts from the settings it holds then.
      async onQueryStarted(_form, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(festivalSettingsApi.util.updateQueryData('getFestivalSettings', undefined, () => answer.data.settings));
      },
    }),
    // The file's own bytes, as a PNG or a JPEG: not JSON (the base query sends a File as it is, with the type set here).
    uploadSignatureImage: build.mutation<SignatureImage, File>({
      query: (file) => ({ url: '/festival/signature-images', method: 'POST', body: file, headers: { 'Content-Type': file.type } }),
      transformResponse: (body: Answer<'/festival/signature-images', 'post'>) => body.signatureImage,
    }),
    startEdition: build.mutation<ApiMessage, StartEditionForm>({
      query: (body) => ({ url: '/festival/editions', method: 'POST', body }),
      transformResponse: (body: Answer<'/festival/editions', 'post'>) => ({ message: body.message }),
      // Everything that answers for the current festival answers for the new one.
      invalidatesTags: ['Festival', SETTINGS, AUDIT, 'Event', 'AdminEvent', 'Registration'],
    }),
  }),
});

export const { useGetFestivalSettingsQuery, useSaveFestivalSettingsMutation, useUploadSignatureImageMutation, useStartEditionMutation } = festivalSettingsApi;

/** Where a signature image is read (super admin, by the session's cookie): an `<img>`'s source. */
export const signatureImageUrl = (id: string) => `${API_BASE_URL}/festival/signature-images/${encodeURIComponent(id)}`;
