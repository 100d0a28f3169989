import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { SessionUser } from '../common/session-user.js';
import type { Executor } from '../database/database.service.js';
import type { EventRow } from '../database/schema/events.js';
import type { TeamRow } from '../database/schema/teams.js';
import type { UserRow } from '../database/schema/users.js';
import { EventsService } from '../events/events.service.js';
import { genderLimit, genderLimitReached, appliesGenderRule, teamGenderWord } from './gender-rule.js';
import { TeamsRepository } from './teams.repository.js';

/** Student-side §3: a team registers with at least 2 members unless its event says otherwise. */
export const DEFAULT_MIN_TEAM_SIZE = 2;

export const TEAM_NOT_FOUND = 'Team not found';
export const LEADER_ONLY = 'Only the team leader can register and invite members.';
export const REGISTERED = 'This team is registered: its members and invites can no longer change.';
export const NOT_INVITABLE = 'Only verified students can be invited.';

/** Only a verified student's account can be invited to a team (or listed on the group form). */
export const isInvitable = (user: UserRow | undefined): user is UserRow => user !== undefined && user.role === 'student' && user.isVerified;

/**
 * The one home of the team-size rule: why a team of `size` members (its leader included) cannot
 * register for the event now; nothing when it can. Checked when a team registers (from the team
 * manager or a waitlist offer) and when the group form lists its members; inviting and accepting
 * keep a team within the largest size.
 */
export function teamSizeRefusal(event: EventRow, size: number): string | undefined {
  const minimum = event.minTeamSize ?? DEFAULT_MIN_TEAM_SIZE;
  if (size < minimum) return `A team needs at least ${minimum} members to register for ${event.name}.`;
  if (event.maxTeamSize !== null && size > event.maxTeamSize) {
    return `A team has at most ${event.maxTeamSize} members in ${event.name}: this one has ${size}. A member must leave before it registers.`;
  }
  return undefined;
}

/**
 * The rules every step of a team shares (forming, inviting, registering): the event it is
 * formed for, "open for teams", the gender's place and the leader's lock. Each rule is written here once.
 */
@Injectable()
export class TeamRules {
  constructor(
    private readonly teams: TeamsRepository,
    private readonly events: EventsService,
  ) {}

  /**
   * The group event a team is formed for, open for registration at `now`. A full event still
   * takes new teams: a team waits in its line as a whole, so it is formed first.
   */
  async teamEvent(eventId: string, now: Date): Promise<EventRow> {
    const event = await this.events.getRow(eventId);
    if (event.eventType !== 'group') throw new BadRequestException(`${event.name} is not a team event. Register for it from the events page.`);
    this.requireOpenForTeams(event, now);
    return event;
  }

  /**
   * Forming, inviting and joining a team happen only while the event takes registrations (active,
   * before its deadline, after the festival's opening); a full event still does, for its waitlist.
   */
  requireOpenForTeams(event: EventRow, now: Date): void {
    const closed = this.events.closedReason({ ...event, maxApplications: null }, now);
    if (closed) throw new ConflictException(closed);
  }

  /**
   * The team's gender (its leader's, as `leader` holds it) on events with the same-gender rule,
   * checked against the gender's limit; read in the caller's transaction when `executor` is given.
   */
  async teamGender(event: EventRow, leader: Pick<UserRow, 'gender'>, executor?: Executor): Promise<UserRow['gender']> {
    if (!appliesGenderRule(event)) return null;
    if (teamGenderWord(leader.gender) === null) {
      // A student who is neither is told whom to ask, not only that the rule leaves them out.
      const [staff] = event.staffInCharges;
      const ask = staff ? ` To take part, write to its staff in-charge, ${staff.name} (${staff.email}).` : '';
      throw new BadRequestException(`This is a gender-based event. Teams in ${event.name} are boys' or girls' teams, formed by a boy or a girl.${ask}`);
    }
    await this.requireGenderPlace(event, leader, 'Cannot create team!', executor);
    return leader.gender;
  }

  /** Refuses `action` when the team's gender has no place left among the event's registered teams. */
  async requireGenderPlace(event: EventRow, team: { gender: UserRow['gender'] }, action: string, executor?: Executor): Promise<void> {
    if (!team.gender) return;
    const max = genderLimit(event, team.gender);
    if (max === null) return;
    const registered = (await this.teams.registeredByGender(event.id, executor))[team.gender] ?? 0;
    if (registered >= max) throw new ConflictException(genderLimitReached(action, max, team.gender, event.name));
  }

  /** Locks the team for a change only its leader makes, before it registered. */
  async lockOwnTeam(user: SessionUser, teamId: string, tx: Executor, notLeader: string, notFound = TEAM_NOT_FOUND): Promise<TeamRow> {
    const team = await this.teams.lock(teamId, tx);
    if (!team) throw new NotFoundException(notFound);
    if (team.leaderId !== user.id) {
      const members = await this.teams.membersOf([team.id], tx);
      if (!members.some((member) => member.userId === user.id)) throw new NotFoundException(notFound);
      throw new ForbiddenException(notLeader);
    }
    if (team.registeredAt) throw new ConflictException(REGISTERED);
    return team;
  }
}
