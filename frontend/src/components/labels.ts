import type { EventType, Role } from '../api/types';

/** An event's type as cards, event pages, registrations and the audit trail name it. */
export const EVENT_TYPE_LABELS: Record<EventType, string> = {
  solo: 'Solo',
  group: 'Team',
  workshop: 'Workshop',
  competition: 'Competition',
  seminar: 'Seminar',
  other: 'Other',
};

/** The roles as the admin pages name them. */
export const ROLE_LABELS: Record<Role, string> = {
  student: 'Student',
  admin: 'Club admin',
  superadmin: 'Super admin',
};
