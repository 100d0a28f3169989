import { ADMINS, AUDIT, INVITES, PEOPLE, query } from '../../api/admin-api';
import { baseApi, type Body } from '../../api/base-api';
import type { AdminUser, ApiMessage, Page, Role } from '../../api/types';

export interface PeopleFilter {
  search: string;
  /** Empty for every role. */
  role: Role | '';
  page: number;
  limit: number;
}

interface RoleChange {
  userId: string;
  role: Role;
  /** The club a club admin runs; only sent for that role. */
  club: string;
}

const peopleApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPeople: build.query<Page<AdminUser>, PeopleFilter>({
      query: (filter) => `/admin/users?${query({ ...filter })}`,
      transformResponse: ({ users, page, limit, total }: Body<{ users: AdminUser[]; page: number; limit: number; total: number }>) => ({
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
      transformResponse: (body: Body<{ user: AdminUser }>) => ({ message: body.message || 'Role updated', user: body.user }),
      // The lists of people and admins, the audit trail, and which events have an admin (a demoted admin leaves theirs).
      invalidatesTags: [PEOPLE, ADMINS, AUDIT, INVITES],
    }),
  }),
});

export const { useGetPeopleQuery, useChangeRoleMutation } = peopleApi;
