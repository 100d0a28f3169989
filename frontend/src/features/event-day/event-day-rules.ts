import type { Applicant } from '../../api/types';
import { byTeam } from '../../components/ApplicantsTable';

/** The admin's unsent attendance choices, by student id. */
export type Marks = ReadonlyMap<string, boolean>;

/** The applicants as the admin has marked them so far: the server's attendance, overridden by unsent toggles. */
export const withMarks = (applicants: readonly Applicant[], marks: Marks): Applicant[] =>
  applicants.map((applicant) => (marks.has(applicant.userId) ? { ...applicant, isPresent: marks.get(applicant.userId) === true } : applicant));

/** Toggles leave the list of changes once they are back at what the server has, so Confirm sends only changes. */
export function toggled(marks: Marks, applicant: Applicant, isPresent: boolean): Marks {
  const next = new Map(marks);
  if (isPresent === applicant.isPresent) next.delete(applicant.userId);
  else next.set(applicant.userId, isPresent);
  return next;
}

/**
 * The marks left once `sent` is saved: a toggle made while it was on its way (a new one, or one
 * changed back) stays to be sent next.
 */
export function withoutSent(marks: Marks, sent: Marks): Marks {
  return new Map([...marks].filter(([userId, isPresent]) => sent.get(userId) !== isPresent));
}

/** Who may take a place: a student on an individual event, a whole team on a group event. */
export interface Contender {
  /** `user:…` or `team:…`, unique across both. */
  key: string;
  kind: 'user' | 'team';
  id: string;
  label: string;
  /** A team's members' names, or a student's department and roll number. */
  detail: string;
  /** Only the present may win; a team only when every member was marked present (the server's rule). */
  present: boolean;
}

export function contendersOf(applicants: readonly Applicant[], isGroupEvent: boolean): Contender[] {
  if (isGroupEvent) {
    return byTeam(applicants.filter((applicant) => applicant.teamId)).map(({ teamId, teamName, members }) => ({
      key: `team:${teamId}`,
      kind: 'team',
      id: teamId,
      label: teamName,
      detail: members.map((member) => member.name).join(', '),
      present: members.every((member) => member.isPresent),
    }));
  }
  return applicants.map((applicant) => ({
    key: `user:${applicant.userId}`,
    kind: 'user',
    id: applicant.userId,
    label: applicant.name,
    detail: [applicant.dept, applicant.rollNum].filter(Boolean).join(' · '),
    present: applicant.isPresent,
  }));
}
