import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * After a move to another page (a link, a redirect after signing in), focus would stay on the
 * element that left with the old page, that is on the body: it moves to `target` (the main
 * content) instead, unless the new page has already put it somewhere. Not on the first load,
 * which starts at the top of the document as browsers do.
 */
export function useFocusOnNavigation(target: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (lost) target.current?.focus({ preventScroll: true });
  }, [pathname, target]);
}
