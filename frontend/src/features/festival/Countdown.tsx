import { useEffect, useState } from 'react';
import { countdownParts, type CountdownParts } from '../../lib/dates';

const COUNTDOWN_TICK_MS = 1000;

const units: { key: keyof CountdownParts; label: string }[] = [
  { key: 'days', label: 'Days' },
  { key: 'hours', label: 'Hours' },
  { key: 'minutes', label: 'Minutes' },
  { key: 'seconds', label: 'Seconds' },
];

/** Days, hours, minutes and seconds until `target`, ticking each second and resting at zero. */
export function Countdown({ target }: { target: string }) {
  const targetMs = Date.parse(target);
  const now = useClockUntil(targetMs);
  const parts = countdownParts(targetMs, now);
  return (
    // role=timer is not announced on every tick, which would drown a screen reader.
    <div className="countdown" role="timer" aria-label="Time until the festival">
      {units.map(({ key, label }) => (
        <div key={key} className="countdown__unit">
          <span className="countdown__value">{String(parts[key]).padStart(2, '0')}</span>
          <span className="countdown__label">{label}</span>
        </div>
      ))}
    </div>
  );
}

/** The current time, refreshed every second until `untilMs` is reached. */
function useClockUntil(untilMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  const reached = now >= untilMs;
  useEffect(() => {
    if (reached) return;
    const timer = setInterval(() => setNow(Date.now()), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [reached]);
  return now;
}
