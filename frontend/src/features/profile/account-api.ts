import { API_BASE_URL, baseApi } from '../../api/base-api';
import type { Answer, ApiMessage, RequestBody } from '../../api/types';
import { sessionApi } from '../../session/session-api';

/** The download the server offers, while it lasts. */
export type DataExport = NonNullable<Answer<'/users/me/data-export'>['export']>;
type DeleteAccountBody = RequestBody<'/users/me', 'delete'>;

/** The file itself, fetched by the browser through a plain link: the session's cookie goes with it. */
export const dataExportHref = `${API_BASE_URL}/users/me/data-export.json`;

/** The student's own account: the download of everything held about them, and deleting it. */
const accountApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // The download still offered, or null. Read again whoever signs in next.
    getDataExport: build.query<DataExport | null, void>({
      query: () => '/users/me/data-export',
      transformResponse: (body: Answer<'/users/me/data-export'>) => body.export,
      providesTags: ['Session'],
    }),
    prepareDataExport: build.mutation<ApiMessage & { export: DataExport }, void>({
      query: () => ({ url: '/users/me/data-export', method: 'POST' }),
      transformResponse: (body: Answer<'/users/me/data-export', 'post'>) => ({ message: body.message, export: body.export }),
      // The answer is the download now offered: the panel shows it at once, without asking again.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) await dispatch(accountApi.util.upsertQueryData('getDataExport', undefined, answer.data.export));
      },
    }),
    deleteAccount: build.mutation<ApiMessage, DeleteAccountBody>({
      query: (body) => ({ url: '/users/me', method: 'DELETE', body }),
      transformResponse: (body: Answer<'/users/me', 'delete'>) => ({ message: body.message }),
      // The server ended the session with the account. Asked who is signed in, it now answers 401,
      // which signs the app out as any ended session does (session-slice, which also forgets the
      // signed-in hint) and sends the guarded profile page home. Only then is the cache dropped,
      // as sign-out drops it: everything in it was the account's, and by then no page asks for it
      // again with the ended session.
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        if (!(await queryFulfilled.catch(() => null))) return;
        await dispatch(sessionApi.endpoints.loadUser.initiate(undefined, { subscribe: false, forceRefetch: true }));
        dispatch(baseApi.util.resetApiState());
      },
    }),
  }),
});

export const { useGetDataExportQuery, usePrepareDataExportMutation, useDeleteAccountMutation } = accountApi;
