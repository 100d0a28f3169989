import { Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { type AccountTraces, mentions, withoutTraces } from '../common/erasure.js';
import { once } from '../common/once.js';
import { DatabaseService, type Executor } from '../database/database.service.js';
import { type NewTeamMemberRow, type TeamMemberRow, type TeamRow, teamGenderCounts, teamMembers, teams } from '../database/schema/teams.js';
import type { Gender } from '../database/schema/users.js';

/** The unique constraints a team's rows may violate, named beside the sentences that explain them (teams.service.ts). */
export const TEAM_CONSTRAINTS = { oneTeamPerEvent: 'team_members_one_team_per_event', nameTaken: 'teams_name_per_event' } as const;

/** The only place that queries the teams, team_members and team_gender_counts tables. */
@Injectable()
export class TeamsRepository {
  constructor(private readonly database: DatabaseService) {}

  /** Creates the team with its members (the leader first), in the caller's transaction. */
  async insertWithMembers(
    team: { eventId: string; name: string; leaderId: string; gender: Gender | null; createdAt: Date; registeredAt?: Date },
    members: Omit<NewTeamMemberRow, 'teamId' | 'eventId'>[],
    executor: Executor,
  ): Promise<TeamRow> {
    const [row] = await executor.insert(teams).values(team).returning();
    await executor.insert(teamMembers).values(members.map((member) => ({ ...member, teamId: row.id, eventId: row.eventId })));
    return row;
  }

  /** Read in the caller's transaction when `executor` is given; otherwise prepared: every team registration of a rush reads its team first. */
  async findById(id: string, executor?: Executor): Promise<TeamRow | undefined> {
    const [row] = await (executor ? executor.select().from(teams).where(eq(teams.id, id)) : this.findByIdsStatement().execute({ ids: [id] }));
    return row;
  }

  /**
   * The team, locked until the caller's transaction ends: every change of a team (an invite, an
   * answer, a leave, its registration) takes this lock first, so its size rule and its
   * registration are decided one at a time.
   */
  async lock(id: string, executor: Executor): Promise<TeamRow | undefined> {
    const [row] = await executor.select().from(teams).where(eq(teams.id, id)).for('update');
    return row;
  }

  /** Locks every team of the event, in id order (so two such locks cannot deadlock). */
  async lockAllOfEvent(eventId: string, executor: Executor): Promise<void> {
    await executor.select({ id: teams.id }).from(teams).where(eq(teams.eventId, eventId)).orderBy(asc(teams.id)).for('update');
  }

  /** The teams by id; read in the caller's transaction when `executor` is given. */
  findByIds(ids: readonly string[], executor?: Executor): Promise<TeamRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    if (!executor) return this.findByIdsStatement().execute({ ids });
    return executor
      .select()
      .from(teams)
      .where(inArray(teams.id, [...ids]));
  }

  /** The members of the teams `teamIds` (a subquery of one column) names, as a subquery of one column, `id`. */
  memberIdsOf(teamIds: SQL): SQL {
    return sql`select ${teamMembers.userId} as id from ${teamMembers} where ${teamMembers.teamId} in (${teamIds}) and ${isNotNull(teamMembers.userId)}`;
  }

  /** Members of these teams, each team's in the order they joined (the leader first). */
  membersOf(teamIds: readonly string[], executor?: Executor): Promise<TeamMemberRow[]> {
    if (teamIds.length === 0) return Promise.resolve([]);
    if (!executor) return this.membersOfStatement().execute({ teamIds });
    return executor
      .select()
      .from(teamMembers)
      .where(inArray(teamMembers.teamId, [...teamIds]))
      .orderBy(asc(teamMembers.joinedAt), asc(teamMembers.id));
  }

  /**
   * The teams with their members (in the order they joined), in one read: My Registrations and
   * the dashboards' latest teams ask for both on every visit. A team always has its leader as a
   * member, so every team asked for that exists is there.
   */
  async rostersOf(teamIds: readonly string[]): Promise<{ team: TeamRow; members: TeamMemberRow[] }[]> {
    if (teamIds.length === 0) return [];
    const rosters = new Map<string, { team: TeamRow; members: TeamMemberRow[] }>();
    for (const { team, member } of await this.rostersStatement().execute({ teamIds })) {
      let roster = rosters.get(team.id);
      if (!roster) rosters.set(team.id, (roster = { team, members: [] }));
      roster.members.push(member);
    }
    return [...rosters.values()];
  }

  // Read on every visit of My Registrations or a dashboard: built and planned once per
  // connection, with the ids as one array (`= any`), whatever their number.
  private rostersStatement = once(() =>
    this.database.db
      .select({ team: teams, member: teamMembers })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(sql`${teamMembers.teamId} = any(${sql.placeholder('teamIds')})`)
      .orderBy(asc(teamMembers.joinedAt), asc(teamMembers.id))
      .prepare('find_team_rosters'),
  );

  private findByIdsStatement = once(() =>
    this.database.db
      .select()
      .from(teams)
      .where(sql`${teams.id} = any(${sql.placeholder('ids')})`)
      .prepare('find_teams_by_ids'),
  );

  private membersOfStatement = once(() =>
    this.database.db
      .select()
      .from(teamMembers)
      .where(sql`${teamMembers.teamId} = any(${sql.placeholder('teamIds')})`)
      .orderBy(asc(teamMembers.joinedAt), asc(teamMembers.id))
      .prepare('find_members_of_teams'),
  );

  /** The teams a student belongs to (leading or not), newest first, optionally of one event; read in the caller's transaction when `executor` is given. */
  async teamsOf(userId: string, eventId?: string, executor: Executor = this.database.db): Promise<TeamRow[]> {
    const rows = await executor
      .select({ team: teams })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(and(eq(teamMembers.userId, userId), eventId ? eq(teamMembers.eventId, eventId) : undefined))
      .orderBy(sql`${teams.createdAt} desc`);
    return rows.map((row) => row.team);
  }

  /** Whether the student is in any team, leading or not, registered or not. */
  async hasMember(userId: string, executor: Executor): Promise<boolean> {
    const [row] = await executor.select({ id: teamMembers.id }).from(teamMembers).where(eq(teamMembers.userId, userId)).limit(1);
    return row !== undefined;
  }

  findByEvent(eventId: string): Promise<TeamRow[]> {
    return this.database.db.select().from(teams).where(eq(teams.eventId, eventId)).orderBy(asc(teams.createdAt), asc(teams.id));
  }

  /** Which of these students are in a team of the event already. */
  async inTeamForEvent(eventId: string, userIds: readonly string[], executor: Executor = this.database.db): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await executor
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .where(and(eq(teamMembers.eventId, eventId), isNotNull(teamMembers.userId), inArray(teamMembers.userId, [...userIds])));
    return new Set(rows.flatMap((row) => (row.userId ? [row.userId] : [])));
  }

  async insertMember(member: NewTeamMemberRow, executor: Executor): Promise<void> {
    await executor.insert(teamMembers).values(member);
  }

  async deleteMember(teamId: string, userId: string, executor: Executor): Promise<boolean> {
    const rows = await executor
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
      .returning({ id: teamMembers.id });
    return rows.length > 0;
  }

  async delete(id: string, executor: Executor): Promise<void> {
    await executor.delete(teams).where(eq(teams.id, id));
  }

  async setLeader(id: string, leaderId: string, executor: Executor): Promise<TeamRow> {
    const [row] = await executor.update(teams).set({ leaderId }).where(eq(teams.id, id)).returning();
    return row;
  }

  /**
   * Renames the teams whose names quote a deleted account ("Asha Rao's team"): the placeholder
   * takes its place, with the start of the team's id, so two renamed teams of one event stay apart.
   */
  async eraseMentions(traces: AccountTraces, executor: Executor): Promise<void> {
    await executor
      .update(teams)
      .set({ name: sql`${withoutTraces(teams.name, traces)} || ' (' || left(${teams.id}::text, 8) || ')'` })
      .where(mentions(teams.name, traces));
  }

  async markRegistered(id: string, now: Date, executor: Executor): Promise<TeamRow> {
    const [row] = await executor.update(teams).set({ registeredAt: now }).where(eq(teams.id, id)).returning();
    return row;
  }

  async markUnregistered(id: string, executor: Executor): Promise<void> {
    await executor.update(teams).set({ registeredAt: null }).where(eq(teams.id, id));
  }

  /** Registered teams of the event by gender (only events with gender limits keep counts). */
  async registeredByGender(eventId: string, executor: Executor = this.database.db): Promise<Partial<Record<Gender, number>>> {
    const rows = await executor.select().from(teamGenderCounts).where(eq(teamGenderCounts.eventId, eventId));
    return Object.fromEntries(rows.map((row) => [row.gender, row.registered]));
  }

  /** Locks the event's counts of registered teams by gender, as a team's registration does before the seats. */
  async lockGenderPlaces(eventId: string, executor: Executor): Promise<void> {
    await executor.select({ gender: teamGenderCounts.gender }).from(teamGenderCounts).where(eq(teamGenderCounts.eventId, eventId)).for('update');
  }

  /**
   * Gives back the gender places the teams held. Never below zero: a team registered before its
   * gender had a limit took no place.
   */
  async releaseGenderPlaces(eventId: string, teamIds: readonly string[], executor: Executor): Promise<void> {
    if (teamIds.length === 0) return;
    await executor.execute(sql`
      update ${teamGenderCounts} set registered = greatest(${teamGenderCounts.registered} - released.teams, 0)
      from (select gender, count(*)::int as teams from ${teams} where ${inArray(teams.id, [...teamIds])} and gender is not null group by gender) released
      where ${teamGenderCounts.eventId} = ${eventId}::uuid and ${teamGenderCounts.gender} = released.gender`);
  }

  /**
   * Takes one of the event's places for teams of this gender, if fewer than `max` are taken: one
   * conditional upsert. The row lock of ON CONFLICT ... DO UPDATE makes racing registrations
   * take turns, and each re-reads the count under the lock, so the limit cannot be passed. It
   * commits or rolls back with the caller's registration. False when no place was left.
   */
  async claimGenderPlace(eventId: string, gender: Gender, max: number, executor: Executor): Promise<boolean> {
    const result = (await executor.execute(sql`
      insert into ${teamGenderCounts} (event_id, gender, registered)
      select ${eventId}::uuid, ${gender}, 1 where ${max}::int >= 1
      on conflict (event_id, gender) do update set registered = ${teamGenderCounts}.registered + 1
      where ${teamGenderCounts}.registered < ${max}::int
      returning registered`)) as { rows: unknown[] };
    return result.rows.length > 0;
  }
}
