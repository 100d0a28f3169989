import { useId, useRef, type ReactNode } from 'react';
import type { Page } from '../api/types';
import type { QueryState } from '../lib/query-state';
import { Pager } from './Pager';
import { QueryView } from './QueryView';
import { StatusPanel } from './StatusPanel';

interface PagedListProps<T> {
  query: QueryState<Page<T>>;
  /** The spec's failure title, e.g. "Failed to load people"; shown with Try Again. */
  errorTitle: string;
  loadingLabel: string;
  /** The heading over a page of results, from the total ("3 people"). */
  countText: (total: number) => string;
  /** What the page shows when nothing is found: a title and a sentence saying why, or what to do. */
  empty: { title: string; text: string };
  /** The pager's name ("People pages"). */
  pagerLabel: string;
  className: string;
  onPage: (page: number) => void;
  /** What draws one page's items. */
  children: (items: T[]) => ReactNode;
}

/**
 * A paged admin list's states in one place: loading, failure with Try Again, nothing found, and a
 * page of items under a heading that counts them, with the pager below. Paging moves the keyboard
 * to that heading, where the new page begins.
 */
export function PagedList<T>({ query, errorTitle, loadingLabel, countText, empty, pagerLabel, className, onPage, children }: PagedListProps<T>) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const goTo = (page: number) => {
    onPage(page);
    headingRef.current?.focus();
  };
  return (
    <QueryView query={query} errorTitle={errorTitle} loadingLabel={loadingLabel}>
      {(data) =>
        data.total === 0 ? (
          <StatusPanel title={empty.title}>
            <p>{empty.text}</p>
          </StatusPanel>
        ) : (
          <section className={className} aria-labelledby={headingId} aria-busy={query.isFetching}>
            <h2 id={headingId} ref={headingRef} tabIndex={-1} className="page-subtitle">
              {countText(data.total)}
            </h2>
            {children(data.items)}
            <Pager label={pagerLabel} page={data.page} limit={data.limit} total={data.total} busy={query.isFetching} onPage={goTo} />
          </section>
        )
      }
    </QueryView>
  );
}
