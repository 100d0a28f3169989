import { ADMINS, AUDIT, INVITES, PEOPLE, query } from '../../api/admin-api';
import { baseApi } from '../../api/base-api';
import type { AdminUser, Answer, ApiMessage, Page, RequestBody, Role } from '../../api/types';

export interface PeopleFilter {
  search: string;
  /** Empty for every role. */
  role: Role | '';
  page: number;
  limit: number;
}

/** The club a club admin runs is sent for that role only; the form always has one. */
type RoleChange = { userId: string } & Required<RequestBody<'/admin/users/{id}/role', 'put'>>;

const peopleApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPeople: build.query<Page<AdminUser>, PeopleFilter>({
      query: (filter) => `/admin/users?${query({ ...filter })}`,
      transformResponse: ({ users, page, limit, total }: Answer<'/admin/users'>) => ({
        items: users,
        page,
        limit,
        total,
      }),
      providesTags: [PEOPLE],
    }),
    changeRole: build.mutation<ApiMessage & { user: AdminUser }, RoleChange>({
      query: ({ userId, role, club }) => ({
        url: `/admin/users/${encodeURIComponent(userId)}/role`,
        method: 'PUT',
        body: role === 'admin' ? { role, club } : { role },
      }),
      transformResponse: (body: Answer<'/admin/users/{id}/role', 'put'>) => ({ message: body.message || 'Role updated', user: body.user }),
      // The lists of people and admins, the audit trail, and which events have an admin (a demoted admin leaves theirs).
      invalidatesTags: [PEOPLE, ADMINS, AUDIT, INVITES],
    }),
  }),
});

export const { useGetPeopleQuery, useChangeRoleMutation } = peopleApi;
