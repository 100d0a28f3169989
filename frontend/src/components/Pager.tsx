interface PagerProps {
  /** What is paged, for the navigation's name ("Audit pages"). */
  label: string;
  page: number;
  limit: number;
  total: number;
  /** While the next page loads, the buttons wait for it. */
  busy: boolean;
  onPage: (page: number) => void;
}

/** Previous, "Page x of y" and Next under a paged admin list. */
export function Pager({ label, page, limit, total, busy, onPage }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="button button--ghost button--small" disabled={page <= 1 || busy} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        Page {page} of {pages}
      </span>
      <button type="button" className="button button--ghost button--small" disabled={page >= pages || busy} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
