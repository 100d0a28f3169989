import type { EventRow } from '../database/schema/events.js';
import type { TeamRow } from '../database/schema/teams.js';
import type { Gender } from '../database/schema/users.js';

/**
 * The same-gender rule of student-side §5: on gender-based events, and on events whose title
 * says "treasure hunt", a team's gender is its leader's and every member shares it. Gender-based
 * events also limit how many boys' and girls' teams register.
 */
export function appliesGenderRule(event: Pick<EventRow, 'name' | 'hasGenderBasedTeams'>): boolean {
  return event.hasGenderBasedTeams || /treasure hunt/i.test(event.name);
}

/** How the spec names a team's gender. */
export function teamGenderWord(gender: Gender | null): 'boy' | 'girl' | null {
  if (gender === 'Male') return 'boy';
  if (gender === 'Female') return 'girl';
  return null;
}

/** A person's gender in the rule's words, for a refusal that names it. */
export function genderWord(gender: Gender | null): string {
  return teamGenderWord(gender) ?? (gender === 'Other' ? 'other' : 'gender not given');
}

/**
 * Why the person cannot join the team under the event's same-gender rule, naming them `name`;
 * nothing when they can. Checked when they are invited and again when they accept, since their
 * gender may have changed in between.
 */
export function genderRefusal(
  event: Pick<EventRow, 'name' | 'hasGenderBasedTeams'>,
  team: Pick<TeamRow, 'gender'>,
  person: { gender: Gender | null },
  name: string,
): string | undefined {
  if (!appliesGenderRule(event) || person.gender === team.gender) return undefined;
  return `This is a gender-based event. ${name} (${genderWord(person.gender)}) cannot join a ${genderWord(team.gender)} team in ${event.name}`;
}

/** The event's limit of registered teams of this gender; null when it has none. */
export function genderLimit(event: Pick<EventRow, 'hasGenderBasedTeams' | 'maxBoyTeams' | 'maxGirlTeams'>, gender: Gender): number | null {
  if (!event.hasGenderBasedTeams) return null;
  if (gender === 'Male') return event.maxBoyTeams;
  if (gender === 'Female') return event.maxGirlTeams;
  return null;
}

/** Student-side §5's refusal when a gender's teams are all taken; `action` starts it ('Cannot create team!'). */
export function genderLimitReached(action: string, max: number, gender: Gender, eventName: string): string {
  return `${action} Maximum limit of ${max} ${teamGenderWord(gender) ?? ''} teams has been reached for ${eventName}`;
}
