import { baseApi } from './base-api';
import type { WaitlistEntry } from './types';

// The student's waitlist as the cache holds it, read without the waitlist's endpoints
// (waitlist-api.ts): the home page's live seats need this much of it, and its script carries none
// of the rest.

/** GET /waitlist's one list, which every change to a place reads again. */
export const WAITLIST = { type: 'Waitlist', id: 'LIST' } as const;

/** Reads the student's places again (a seat may now be held for them). */
export const refreshWaitlist = () => baseApi.util.invalidateTags([WAITLIST]);

type ApiState = Parameters<typeof baseApi.util.selectInvalidatedBy>[0];

/** The student's open entries as last read, without asking for them (undefined until read): the cache entry tagged with the list. */
export function selectCachedWaitlistEntries(state: ApiState): WaitlistEntry[] | undefined {
  const [list] = baseApi.util.selectInvalidatedBy(state, [WAITLIST]);
  return list && (state[baseApi.reducerPath].queries[list.queryCacheKey]?.data as WaitlistEntry[] | undefined);
}
