import type { AdminUser, Role } from '../../api/types';
import type { Option } from '../../components/FormField';
import { ROLE_LABELS } from '../../components/labels';

export const roleOptions: Option[] = Object.entries(ROLE_LABELS).map(([value, label]) => ({ value, label }));

/** A person's role as one phrase: a club admin with their club. */
export function roleText(person: Pick<AdminUser, 'role' | 'club'>): string {
  return person.role === 'admin' && person.club ? `Club admin of ${person.club}` : ROLE_LABELS[person.role];
}

/** A role with the club it goes with (empty unless the role is club admin). */
type RoleChoice = {
  role: Role;
  club: string;
};

export const choiceOf = (person: AdminUser): RoleChoice => ({ role: person.role, club: person.role === 'admin' ? (person.club ?? '') : '' });

/** Whether the choice leaves the person as they are (the server would change nothing). */
export const changesNothing = (person: AdminUser, choice: RoleChoice): boolean =>
  choice.role === person.role && (choice.role !== 'admin' || choice.club === person.club);

const ROLE_PHRASES: Record<Role, string> = { student: 'a student', admin: 'a club admin', superadmin: 'a super admin' };

/** The role in a sentence ("a club admin of Tech Club"). */
const rolePhrase = ({ role, club }: { role: Role; club: string | null }) => (role === 'admin' && club ? `a club admin of ${club}` : ROLE_PHRASES[role]);

/** What the change does to the person, as the confirmation says it; null while the club is still to be chosen. */
export function changeSummary(person: AdminUser, { role, club }: RoleChoice): string | null {
  if (role === 'admin' && !club) return null;
  // An admin leaving their club (or the role) leaves the event they ran, which belongs to it.
  const leaves = person.role === 'admin' && person.assignedEvent && club !== person.club ? ` They stop running ${person.assignedEvent.name}.` : '';
  if (role === 'admin' && person.role === 'admin') return `${person.name} moves from ${person.club ?? 'no club'} to ${club}.${leaves}`;
  return `${person.name} becomes ${rolePhrase({ role, club })}.${leaves}`;
}

/** The outcome's sentence once the server agreed. */
export const changedText = (person: Pick<AdminUser, 'name' | 'role' | 'club'>): string => `${person.name} is now ${rolePhrase(person)}.`;
