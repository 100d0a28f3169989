import type { ReactNode } from 'react';
import type { QueryState } from '../lib/query-state';
import { LoadError } from './LoadError';
import { Spinner } from './Spinner';

interface QueryViewProps<T> {
  query: QueryState<T>;
  /** The spec's failure title, e.g. "Failed to load dashboard data"; shown with Try Again. */
  errorTitle: string;
  /** What the spinner says to a screen reader while the query has not answered. */
  loadingLabel: string;
  /** The failure's heading level, to fit the outline where it sits. */
  headingLevel?: 2 | 3;
  /** What to show once the data is there. */
  children: (data: T) => ReactNode;
}

/**
 * A query's three states in one place: its error with Try Again (which asks again), a spinner
 * while it has no data, then what the data draws. A failed refresh keeps what was last loaded
 * under its error, so a screen in use (the door's list) never goes blank.
 */
export function QueryView<T>({ query, errorTitle, loadingLabel, headingLevel, children }: QueryViewProps<T>) {
  const { data, error, isFetching, refetch } = query;
  const failure = error ? (
    <LoadError title={errorTitle} headingLevel={headingLevel} error={error} retrying={isFetching} onRetry={() => void refetch()} />
  ) : null;
  if (data === undefined) return failure ?? <Spinner label={loadingLabel} />;
  return (
    <>
      {failure}
      {children(data)}
    </>
  );
}
