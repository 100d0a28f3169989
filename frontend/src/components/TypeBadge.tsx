import type { EventType } from '../api/types';

const typeLabels: Record<EventType, string> = {
  solo: 'Solo',
  group: 'Team',
  workshop: 'Workshop',
  competition: 'Competition',
  seminar: 'Seminar',
  other: 'Other',
};

/** An event's type as cards, event pages and registrations show it ("Solo", "Team", ...). */
export function TypeBadge({ type }: { type: EventType }) {
  return <span className={`badge badge--${type}`}>{typeLabels[type]}</span>;
}
