import { useEffect, useRef, useState } from 'react';

type Find = () => HTMLElement | null | undefined;

/**
 * Focus for what a later render shows: `focusLater(find)` focuses what `find` returns as soon as it
 * is on the page and enabled (a card a refetch adds, a control back from a request), so an action
 * whose own control goes away leaves focus on its result instead of on the page's body.
 */
export function useFocusLater(): (find: Find) => void {
  const pending = useRef<Find | null>(null);
  const [, setRequests] = useState(0);
  useEffect(() => {
    const element = pending.current?.();
    if (!element || element.matches(':disabled')) return;
    pending.current = null;
    element.focus();
  });
  return (find) => {
    pending.current = find;
    setRequests((requests) => requests + 1);
  };
}
