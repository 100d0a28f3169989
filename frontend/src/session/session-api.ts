import { baseApi, isApiError, PER_USER_TAGS, type Body } from '../api/base-api';
import type { Answer, ApiMessage, RequestBody, SessionUser } from '../api/types';
import { forgetSignedInHint } from './signed-in-hint';

type SignInForm = RequestBody<'/user/signin', 'post'>;

export const sessionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    loadUser: build.query<SessionUser, void>({
      query: () => '/user/load',
      transformResponse: (body: Answer<'/user/load'>) => body.user,
      providesTags: ['Session'],
      async onQueryStarted(_arg, { queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch (failure) {
          // The server has no session for this browser: stop asking on every page.
          const { error } = failure as { error: unknown };
          if (isApiError(error) && error.status === 401) forgetSignedInHint();
        }
      },
    }),
    signIn: build.mutation<ApiMessage & { user: SessionUser }, SignInForm>({
      query: (form) => ({ url: '/user/signin', method: 'POST', body: form }),
      transformResponse: (body: Answer<'/user/signin', 'post'>) => ({ message: body.message ?? 'Login successful!', user: body.user }),
      invalidatesTags: [...PER_USER_TAGS],
    }),
    signOut: build.mutation<ApiMessage, void>({
      query: () => '/user/signout',
      transformResponse: (body: Body<object>) => ({ message: body.message ?? 'Logged out successfully' }),
      // Everything cached was the student's view: it is dropped, not refetched (a refetch would ask
      // with the ended session and meet 401s). Queries still on screen load again as a visitor's;
      // the signed-in-only ones are gone with the menu and guarded pages by then.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        dispatch(baseApi.util.resetApiState());
      },
    }),
  }),
});

export const { useLoadUserQuery, useSignInMutation, useSignOutMutation } = sessionApi;
