import { baseApi, PER_USER_TAGS, type Body } from '../api/base-api';

/** The signed-in user as GET /api/v1/user/load and sign-in describe it. */
export interface SessionUser {
  _id: string;
  name: string;
  email: string;
  role: 'student' | 'admin' | 'superadmin';
  /** True for club admins and the super admin. */
  isAdmin: boolean;
  isSuperAdmin: boolean;
  isVerified: boolean;
  gender: 'Male' | 'Female' | 'Other' | null;
  dept: string | null;
  /** '1' to '6'; '0' means staff. */
  year: string | null;
  rollNumber: string | null;
  club: string | null;
  createdAt: string;
}

export interface SignInForm {
  email: string;
  password: string;
}

export interface Outcome {
  message: string;
}

export const sessionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    loadUser: build.query<SessionUser, void>({
      query: () => '/user/load',
      transformResponse: (body: Body<{ user: SessionUser }>) => body.user,
      providesTags: ['Session'],
    }),
    signIn: build.mutation<Outcome & { user: SessionUser }, SignInForm>({
      query: (form) => ({ url: '/user/signin', method: 'POST', body: form }),
      transformResponse: (body: Body<{ user: SessionUser }>) => ({ message: body.message ?? 'Login successful!', user: body.user }),
      invalidatesTags: [...PER_USER_TAGS],
    }),
    signOut: build.mutation<Outcome, void>({
      query: () => '/user/signout',
      transformResponse: (body: Body<object>) => ({ message: body.message ?? 'Logged out successfully' }),
      invalidatesTags: [...PER_USER_TAGS],
    }),
  }),
});

export const { useLoadUserQuery, useSignInMutation, useSignOutMutation } = sessionApi;
