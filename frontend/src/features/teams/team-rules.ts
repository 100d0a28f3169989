import type { FestEvent, SessionUser, Team } from '../../api/types';

/** The spec's default when an event names no minimum. */
const DEFAULT_MIN_TEAM_SIZE = 2;

export const minTeamSize = (team: Team): number => team.eventId.minTeamSize || DEFAULT_MIN_TEAM_SIZE;

/** Whether the event takes a team of one: its leader may then register without inviting anyone. */
export const takesTeamOfOne = (event: Pick<FestEvent, 'minTeamSize'>): boolean => (event.minTeamSize || DEFAULT_MIN_TEAM_SIZE) <= 1;

export const isLeaderOf = (team: Team, userId: string): boolean => team.leader._id === userId;

/** Places members and pending invites already hold; together they never exceed maxMembers. */
const placesHeld = (team: Team): number => team.members.length + team.pendingInvites.length;

/** How many more people the leader may invite (without end when the event sets no maximum). */
export const placesLeft = (team: Team): number => (team.maxMembers === null ? Infinity : Math.max(0, team.maxMembers - placesHeld(team)));

export const hasEnoughMembers = (team: Team): boolean => team.members.length >= minTeamSize(team);

/** Whether `userId` is already in the team or invited to it. */
export const isInTeam = (team: Team, userId: string): boolean =>
  team.members.some((member) => member.userId._id === userId) || team.pendingInvites.some((invite) => invite.inviteeId._id === userId);

/** "2 of 4 members", or "2 members" when the event sets no maximum. */
export const memberCountText = (team: Team): string => {
  const count = team.members.length;
  if (team.maxMembers === null) return count === 1 ? '1 member' : `${count} members`;
  return `${count} of ${team.maxMembers} members`;
};

export const teamMessages = {
  nameRequired: 'Please enter a team name',
  inviteAtLeastOne: 'Please invite at least one member to your team',
  selectAtLeastOne: 'Please select at least one member to invite',
  selectUsers: 'Please select users to invite',
  alreadySelected: 'User already selected',
  invitesSent: (sent: number) => `Invites sent to ${sent} users`,
} as const;

/** A team's gender where the same-gender rule holds (the server's answer for a team, its leader's for a new one). */
export type TeamGender = 'boy' | 'girl' | null;

/** Whether the event's teams are boys' or girls' teams (student-side §5), as the server rules. */
const takesGenderedTeams = (event: Pick<FestEvent, 'name' | 'hasGenderBasedTeams'>): boolean => event.hasGenderBasedTeams || /treasure hunt/i.test(event.name);

/**
 * A student who is neither a boy nor a girl can form or join no team of such an event: said before
 * they try, with whom to ask. Nothing when the event has no such rule or the student can take part.
 */
export function genderedTeamsNote(
  event: Pick<FestEvent, 'name' | 'hasGenderBasedTeams' | 'staff_incharges'>,
  student: Pick<SessionUser, 'gender'>,
): string | null {
  if (!takesGenderedTeams(event) || student.gender === 'Male' || student.gender === 'Female') return null;
  const [staff] = event.staff_incharges;
  const ask = staff ? ` To take part, write to its staff in-charge, ${staff.name} (${staff.email}).` : '';
  return `Teams in ${event.name} are boys' or girls' teams, formed by a boy or a girl, so it cannot take a team from you.${ask}`;
}

/**
 * The gender a new team of this leader has on this event: gender-based events, and treasure hunts
 * by their name, take boys' and girls' teams (student-side §5); elsewhere none.
 */
export function newTeamGender(event: Pick<FestEvent, 'name' | 'hasGenderBasedTeams'>, leader: Pick<SessionUser, 'gender'>): TeamGender {
  if (!takesGenderedTeams(event)) return null;
  if (leader.gender === 'Male') return 'boy';
  return leader.gender === 'Female' ? 'girl' : null;
}

/** Why the member search finds only some classmates: said before searching, and again when it finds nobody. */
export const sameGenderNote = (gender: Exclude<TeamGender, null>): string =>
  `This team takes ${gender === 'boy' ? 'boys' : 'girls'} only: the event has separate boys' and girls' teams.`;
