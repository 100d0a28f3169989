import { countdownParts, type CountdownParts } from '../../lib/dates';
import { useClockUntil } from '../../lib/use-clock-until';

const units: { key: keyof CountdownParts; label: string }[] = [
  { key: 'days', label: 'Days' },
  { key: 'hours', label: 'Hours' },
  { key: 'minutes', label: 'Minutes' },
  { key: 'seconds', label: 'Seconds' },
];

/** The countdown's frame while the festival loads: the same boxes and labels, no figures. */
export function CountdownPlaceholder() {
  return (
    <div className="countdown" aria-hidden="true">
      {units.map(({ key, label }) => (
        <div key={key} className="countdown__unit">
          <span className="countdown__value">{'\u00a0'}</span>
          <span className="countdown__label">{label}</span>
        </div>
      ))}
    </div>
  );
}

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
