import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * After a move to another page (a link, a redirect after signing in), focus would stay on the
 * element that left with the old page, that is on the body, or on the navigation's link, which
 * stays: it moves to the new page's heading, else to `target` (the main content), unless the new
 * page has already put it in there or in a dialog. Not on the first load, which starts at the top
 * of the document as browsers do.
 */
export function useFocusOnNavigation(target: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    const main = target.current;
    if (first.current || !main) {
      first.current = false;
      return;
    }
    const active = document.activeElement;
    if (main.contains(active) || active?.closest('[aria-modal="true"]')) return;
    const heading = main.querySelector('h1');
    // Focusable by script only, as `target` is: a heading is no stop for Tab.
    heading?.setAttribute('tabindex', '-1');
    (heading ?? main).focus({ preventScroll: true });
  }, [pathname, target]);
}
