import { AUDIT, query } from '../../api/admin-api';
import { baseApi } from '../../api/base-api';
import type { Answer, AuditEntry, Page } from '../../api/types';

export interface AuditFilter {
  club: string;
  actorId: string;
  page: number;
  limit: number;
}

const auditApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAudit: build.query<Page<AuditEntry>, AuditFilter>({
      query: (filter) => `/admin/audit?${query({ ...filter })}`,
      transformResponse: ({ entries, page, limit, total }: Answer<'/admin/audit'>) => ({
        items: entries,
        page,
        limit,
        total,
      }),
      providesTags: [AUDIT],
    }),
  }),
});

export const { useGetAuditQuery } = auditApi;
