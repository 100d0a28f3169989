import { baseApi } from '../../api/base-api';
import type { Answer, RequestBody } from '../../api/types';

export type Profile = Answer<'/users/me/profile'>['profile'];
export type ProfileBody = RequestBody<'/users/me/profile', 'put'>;

/** What a save answers: the profile as stored, and what the server says of it (saved, unchanged, where a new name shows). */
interface SavedProfile {
  profile: Profile;
  message: string;
}

const profileApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // The signed-in student's own: read again whoever signs in next.
    getProfile: build.query<Profile, void>({
      query: () => '/users/me/profile',
      transformResponse: (body: Answer<'/users/me/profile'>) => body.profile,
      providesTags: ['Session'],
    }),
    /**
     * Saves the profile. The signed-in user (the menu's name), the student's teams and
     * registrations are read again: they show the new name from now on.
     */
    saveProfile: build.mutation<SavedProfile, ProfileBody>({
      query: (form) => ({ url: '/users/me/profile', method: 'PUT', body: form }),
      transformResponse: (body: Answer<'/users/me/profile', 'put'>) => ({ profile: body.profile, message: body.message }),
      invalidatesTags: (_saved, error) => (error ? [] : ['Session', 'Team', 'Registration']),
    }),
  }),
});

export const { useGetProfileQuery, useSaveProfileMutation } = profileApi;
