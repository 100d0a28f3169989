import { useEffect, useState } from 'react';

const TICK_MS = 1000;

/** The current time, refreshed every second until `untilMs` is reached (never, when it is undefined or past). */
export function useClockUntil(untilMs: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  const ticking = untilMs !== undefined && now < untilMs;
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}
