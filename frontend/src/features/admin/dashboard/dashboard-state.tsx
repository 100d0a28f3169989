import type { ReactElement } from 'react';
import { LoadError } from '../../../components/LoadError';
import { Spinner } from '../../../components/Spinner';

interface QueryState {
  data?: unknown;
  error?: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * What a dashboard shows while its queries have not all answered: the spinner, or the spec's
 * "Failed to load dashboard data" with Try Again (which asks again what failed). Null once every
 * query has its data.
 */
export function dashboardWait(queries: QueryState[], headingLevel?: 2 | 3): ReactElement | null {
  const failed = queries.filter((query) => query.error);
  if (failed.length > 0) {
    return (
      <LoadError
        title="Failed to load dashboard data"
        headingLevel={headingLevel}
        error={failed[0].error}
        retrying={queries.some((query) => query.isFetching)}
        onRetry={() => failed.forEach((query) => void query.refetch())}
      />
    );
  }
  return queries.some((query) => query.data === undefined) ? <Spinner label="Loading the dashboard…" /> : null;
}
