import './SeatBar.css';

/** Above this share of seats taken the bar turns from green to yellow. */
const SEAT_WARNING_RATIO = 0.8;

export type SeatLevel = 'ok' | 'warning' | 'full';

/** Green, yellow above 80 % of the seats, red when full (admin-side §4); the dashboards' fill chart colours its bars alike. */
export function seatLevel(taken: number, capacity: number): SeatLevel {
  if (taken >= capacity) return 'full';
  return taken / capacity > SEAT_WARNING_RATIO ? 'warning' : 'ok';
}

const levelNotes: Record<SeatLevel, string | null> = { ok: null, warning: 'Almost full', full: 'Full' };

interface SeatBarProps {
  taken: number;
  /** Seats in all; null means unlimited. */
  capacity: number | null;
}

export function SeatBar({ taken, capacity }: SeatBarProps) {
  if (capacity === null) {
    return (
      <p className="seat-bar seat-bar--unlimited">
        <span className="seat-bar__caption">Unlimited seats</span>
        {taken > 0 && <span className="seat-bar__note">{taken} taken</span>}
      </p>
    );
  }
  const level = seatLevel(taken, capacity);
  const share = Math.min(1, taken / capacity);
  const text = `${taken} / ${capacity} seats taken`;
  const note = levelNotes[level];
  return (
    <div className="seat-bar" data-level={level}>
      <div
        className="seat-bar__track"
        role="progressbar"
        aria-label="Seats taken"
        aria-valuemin={0}
        aria-valuemax={capacity}
        aria-valuenow={Math.min(taken, capacity)}
        aria-valuetext={note ? `${text}, ${note.toLowerCase()}` : text}
      >
        <div className="seat-bar__fill" style={{ width: `${share * 100}%` }} />
      </div>
      <p className="seat-bar__caption" aria-hidden="true">
        <span>{text}</span>
        {note && <span className="seat-bar__note">{note}</span>}
      </p>
    </div>
  );
}
