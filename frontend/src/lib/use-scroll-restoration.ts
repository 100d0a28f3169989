import { useEffect, useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router-dom';

/** Where each history entry was scrolled to, by the router's key for the entry. */
const positions = new Map<string, number>();

/**
 * Scrolling as a site of separate pages would: a new page starts at the top (or at its
 * `#fragment`), Back and Forward return to where the page was left, and a change of the query
 * alone (the home page's filters) keeps the place.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const shownKey = useRef(location.key);
  const shownPath = useRef(location.pathname);

  useEffect(() => {
    // The browser's own restoration would act before the page it returns to has rendered.
    window.history.scrollRestoration = 'manual';
    const remember = () => positions.set(shownKey.current, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);

  useLayoutEffect(() => {
    const samePage = shownPath.current === location.pathname;
    shownKey.current = location.key;
    shownPath.current = location.pathname;
    const saved = positions.get(location.key);
    const fragment = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (navigationType === NavigationType.Pop && saved !== undefined) window.scrollTo(0, saved);
    else if (fragment) fragment.scrollIntoView();
    else if (!samePage) window.scrollTo(0, 0);
  }, [location, navigationType]);
}
