import { useCallback, useEffect, useRef } from 'react';

/**
 * `later(fn, ms)` runs `fn` after a delay unless the component has unmounted by then, so a
 * "Redirecting..." message never navigates from a page the user already left.
 */
export function useLater(): (fn: () => void, ms: number) => void {
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      pending.forEach(clearTimeout);
      pending.clear();
    };
  }, []);
  return useCallback((fn, ms) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      fn();
    }, ms);
    timers.current.add(timer);
  }, []);
}
