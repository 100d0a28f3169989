import { baseApi, isApiError, PER_USER_TAGS, type Body } from '../../api/base-api';
import type { ApiMessage, RequestBody } from '../../api/types';

export type SignUpForm = RequestBody<'/user/signup', 'post'>;

const outcome =
  (fallback: string) =>
  (body: Body<object>): ApiMessage => ({ message: body.message ?? fallback });

const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    signUp: build.mutation<ApiMessage, SignUpForm>({
      query: (form) => ({ url: '/user/signup', method: 'POST', body: form }),
      transformResponse: outcome('Signup successful!'),
    }),
    verifyEmail: build.query<ApiMessage, string>({
      query: (token) => `/user/verify/${encodeURIComponent(token)}`,
      transformResponse: outcome('Email verified successfully!'),
      // A verification link works once: its answer is kept for the whole page load, so a
      // remount (React StrictMode, going back) never asks again and reads "expired".
      keepUnusedDataFor: Infinity,
    }),
    verifyEmailWithPassword: build.mutation<ApiMessage, { token: string } & RequestBody<'/user/verify/{token}', 'post'>>({
      query: ({ token, password }) => ({ url: `/user/verify/${encodeURIComponent(token)}`, method: 'POST', body: { password } }),
      transformResponse: outcome('Email verified successfully!'),
    }),
    resendVerification: build.mutation<ApiMessage, RequestBody<'/user/verify/resend', 'post'>>({
      query: (body) => ({ url: '/user/verify/resend', method: 'POST', body }),
      transformResponse: outcome('A new verification link has been sent.'),
    }),
    requestPasswordReset: build.mutation<ApiMessage, RequestBody<'/user/password/forgot', 'post'>>({
      query: (body) => ({ url: '/user/password/forgot', method: 'POST', body }),
      transformResponse: outcome('Password reset link sent'),
    }),
    /** Whether a reset link still works, asked when its page opens; looking does not use it. */
    checkResetLink: build.query<ApiMessage, string>({
      query: (token) => `/user/password/reset/${encodeURIComponent(token)}`,
      transformResponse: outcome('This link can set a new password.'),
    }),
    resetPassword: build.mutation<ApiMessage, { token: string } & RequestBody<'/user/password/reset/{token}', 'post'>>({
      query: ({ token, password }) => ({ url: `/user/password/reset/${encodeURIComponent(token)}`, method: 'POST', body: { password } }),
      transformResponse: outcome('Password reset successful!'),
      // A reset ends every session of the account, this browser's too.
      invalidatesTags: [...PER_USER_TAGS],
    }),
    changePassword: build.mutation<ApiMessage, RequestBody<'/user/password/change', 'put'>>({
      query: (body) => ({ url: '/user/password/change', method: 'PUT', body }),
      transformResponse: outcome('Password changed successfully'),
    }),
  }),
});

export const {
  useSignUpMutation,
  useVerifyEmailQuery,
  useVerifyEmailWithPasswordMutation,
  useResendVerificationMutation,
  useRequestPasswordResetMutation,
  useCheckResetLinkQuery,
  useResetPasswordMutation,
  useChangePasswordMutation,
} = authApi;

const flagged = (error: unknown, flag: 'passwordRequired' | 'alreadyVerified'): boolean =>
  isApiError(error) && (error as { [key in typeof flag]?: unknown })[flag] === true;

/** A verification link opened in another browser than the one that signed up asks for the sign-up's password. */
export const asksForSignUpPassword = (error: unknown): boolean => flagged(error, 'passwordRequired');

/** A verification link used before: the e-mail is verified and the account can sign in. */
export const wasAlreadyVerified = (error: unknown): boolean => flagged(error, 'alreadyVerified');
