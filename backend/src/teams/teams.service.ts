import { Injectable } from '@nestjs/common';
import type { SQL } from 'drizzle-orm';
import type { Executor } from '../database/database.service.js';
import type { TeamMemberRow, TeamRow } from '../database/schema/teams.js';
import { inTeamOrder } from './team-answers.js';
import { TeamsRepository } from './teams.repository.js';

/**
 * What other modules ask of teams: who is in them, their names and rosters. Forming, inviting
 * and registering a team are this module's own services (team-forming, team-inviting,
 * team-registration), served by its controllers.
 */
@Injectable()
export class TeamsService {
  constructor(private readonly teams: TeamsRepository) {}

  /** The teams with their members, leader first (the dashboards' team tables). */
  async rosters(teamIds: readonly string[]): Promise<{ team: TeamRow; members: TeamMemberRow[] }[]> {
    return (await this.teams.rostersOf(teamIds)).map(({ team, members }) => ({ team, members: inTeamOrder(team, members) }));
  }

  /** The teams (their names and leaders) by id, for the event day's lists; read in the caller's transaction when `executor` is given. */
  byIds(teamIds: readonly string[], executor?: Executor): Promise<TeamRow[]> {
    return this.teams.findByIds(teamIds, executor);
  }

  /** Team names by id (the approval queue groups a team's members under its name); read in the caller's transaction when `executor` is given. */
  async teamNames(teamIds: readonly string[], executor?: Executor): Promise<Map<string, string>> {
    return new Map((await this.teams.findByIds(teamIds, executor)).map((team) => [team.id, team.name]));
  }

  /** Whether the student is in any team, leading or not, registered or not, read in the caller's transaction. */
  isInAnyTeam(userId: string, executor: Executor): Promise<boolean> {
    return this.teams.hasMember(userId, executor);
  }

  /** Whether the student is a member of the team (leading it or not), read in the caller's transaction. */
  async hasMember(teamId: string, userId: string, executor: Executor): Promise<boolean> {
    return (await this.teams.membersOf([teamId], executor)).some((member) => member.userId === userId);
  }

  /** The ids of the teams the student belongs to, leading or not. */
  async teamIdsOf(userId: string): Promise<string[]> {
    return (await this.teams.teamsOf(userId)).map((team) => team.id);
  }

  /** The members of the teams `teamIds` (a subquery of one column) names, as a subquery of one column, `id`. */
  memberIdsOf(teamIds: SQL): SQL {
    return this.teams.memberIdsOf(teamIds);
  }

  /** The ids of the team's members who have accounts (the students its registration is for), read in the caller's transaction. */
  async memberIds(teamId: string, executor: Executor): Promise<string[]> {
    return (await this.teams.membersOf([teamId], executor)).flatMap((member) => (member.userId ? [member.userId] : []));
  }
}
