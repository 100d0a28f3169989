import { ADMIN_EVENTS, ADMINS, AUDIT, PUBLIC_EVENTS } from '../../api/admin-api';
import { baseApi } from '../../api/base-api';
import { CLUBS } from '../../api/clubs-api';
import type { Answer, ApiMessage, Club, RequestBody } from '../../api/types';

type ClubAnswer = ApiMessage & { club: Club };
// A rename follows into events, admins and the trail; a club's state is read wherever clubs are chosen.
const CLUB_CHANGES = [CLUBS, ADMIN_EVENTS, PUBLIC_EVENTS, ADMINS, AUDIT];

const clubsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createClub: build.mutation<ClubAnswer, RequestBody<'/clubs', 'post'>>({
      query: (body) => ({ url: '/clubs', method: 'POST', body }),
      transformResponse: ({ message, club }: Answer<'/clubs', 'post'>) => ({ message, club }),
      invalidatesTags: [CLUBS, AUDIT],
    }),
    changeClub: build.mutation<ClubAnswer, { id: string; changes: RequestBody<'/clubs/{id}', 'put'> }>({
      query: ({ id, changes }) => ({ url: `/clubs/${encodeURIComponent(id)}`, method: 'PUT', body: changes }),
      transformResponse: ({ message, club }: Answer<'/clubs/{id}', 'put'>) => ({ message, club }),
      invalidatesTags: CLUB_CHANGES,
    }),
    setClubRetired: build.mutation<ClubAnswer, { id: string; retired: boolean }>({
      query: ({ id, retired }) => ({ url: `/clubs/${encodeURIComponent(id)}/${retired ? 'retire' : 'restore'}`, method: 'POST' }),
      // Both answers have one shape; the retirement's names it.
      transformResponse: ({ message, club }: Answer<'/clubs/{id}/retire', 'post'>) => ({ message, club }),
      invalidatesTags: [CLUBS, AUDIT],
    }),
  }),
});

export const { useCreateClubMutation, useChangeClubMutation, useSetClubRetiredMutation } = clubsApi;
