/** What a screen needs of a data query (RTK Query's hook result fits it): its data, its error, and asking again. */
export interface QueryState<T> {
  data?: T;
  error?: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

// A hook's `data` is typed with `| undefined`; once answered it is not.
type DataOf<Q> = Q extends QueryState<infer T> ? Exclude<T, undefined> : never;

/**
 * Several queries read as one, for a view that needs all of them: its data once every query has
 * answered, the first error, and asking again only what failed.
 */
export function allOf<Q extends QueryState<unknown>[]>(...queries: Q): QueryState<{ [K in keyof Q]: DataOf<Q[K]> }> {
  const failed = queries.filter((query) => query.error);
  const answered = queries.every((query) => query.data !== undefined);
  return {
    data: answered ? (queries.map((query) => query.data) as { [K in keyof Q]: DataOf<Q[K]> }) : undefined,
    error: failed[0]?.error,
    isFetching: queries.some((query) => query.isFetching),
    refetch: () => failed.forEach((query) => void query.refetch()),
  };
}
