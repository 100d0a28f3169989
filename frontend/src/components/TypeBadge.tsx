import type { EventType } from '../api/types';
import { EVENT_TYPE_LABELS } from './labels';

/** An event's type as cards, event pages and registrations show it ("Solo", "Team", ...). */
export function TypeBadge({ type }: { type: EventType }) {
  return <span className={`badge badge--${type}`}>{EVENT_TYPE_LABELS[type]}</span>;
}
