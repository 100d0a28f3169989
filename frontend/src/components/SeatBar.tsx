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

/** An event's seat counts as the server sends them, and as its live stream patches them. */
interface EventSeatCounts {
  /** A team event's seat is a registered team's. */
  event_type: string;
  maxApplications: number | null;
  /** Seats registered only. */
  actualSeatsTaken: number;
  /** capacity - taken - held: the seats held for the waitlist's heads are not free either. */
  availableSeats: number | null;
}

/**
 * The seat bar's numbers for an event: seats spoken for (registered or held for someone in line),
 * out of its capacity, and how many of them are held. Drawn from `availableSeats`, so a seat held
 * for the waitlist shows as taken, as the server treats it.
 */
export function eventSeats({ event_type, maxApplications, actualSeatsTaken, availableSeats }: EventSeatCounts): SeatBarProps {
  const teams = event_type === 'group';
  if (maxApplications === null || availableSeats === null) return { taken: actualSeatsTaken, capacity: maxApplications, held: 0, teams };
  const spokenFor = Math.max(actualSeatsTaken, maxApplications - availableSeats);
  return { taken: spokenFor, capacity: maxApplications, held: spokenFor - actualSeatsTaken, teams };
}

interface SeatBarProps {
  /** Seats spoken for: registered, or held for the waitlist. */
  taken: number;
  /** Seats in all; null means unlimited. */
  capacity: number | null;
  /** Of `taken`, the seats held for students offered one from the waitlist. */
  held?: number;
  /** A team event's: each seat is a team's, and the bar says teams. */
  teams?: boolean;
}

export function SeatBar({ taken, capacity, held = 0, teams = false }: SeatBarProps) {
  if (capacity === null) {
    return (
      <p className="seat-bar seat-bar--unlimited">
        <span className="seat-bar__caption">{teams ? 'Unlimited teams' : 'Unlimited seats'}</span>
        {taken > 0 && <span className="seat-bar__note">{teams ? `${taken} registered` : `${taken} taken`}</span>}
      </p>
    );
  }
  const level = seatLevel(taken, capacity);
  const share = Math.min(1, taken / capacity);
  const text = teams ? `${taken} / ${capacity} team places taken` : `${taken} / ${capacity} seats taken`;
  const note = levelNotes[level];
  const heldNote = held > 0 ? `${held} held for the waitlist` : null;
  const notes = [note, heldNote].filter((text) => text !== null);
  return (
    <div className="seat-bar" data-level={level}>
      <div
        className="seat-bar__track"
        role="progressbar"
        aria-label="Seats taken"
        aria-valuemin={0}
        aria-valuemax={capacity}
        aria-valuenow={Math.min(taken, capacity)}
        aria-valuetext={[text, ...notes.map((text) => text.toLowerCase())].join(', ')}
      >
        <div className="seat-bar__fill" style={{ width: `${share * 100}%` }} />
      </div>
      <p className="seat-bar__caption" aria-hidden="true">
        <span>{text}</span>
        {notes.length > 0 && <span className="seat-bar__note">{notes.join(' · ')}</span>}
      </p>
    </div>
  );
}
