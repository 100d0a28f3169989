import { Injectable } from '@nestjs/common';
import type { AccountTraces } from '../common/erasure.js';
import type { Executor } from '../database/database.service.js';
import type { EventRow } from '../database/schema/events.js';
import type { TeamRow } from '../database/schema/teams.js';
import { RegistrationsService } from '../registrations/registrations.service.js';
import { SeatsService } from '../seats/seats.service.js';
import { TeamsRepository } from './teams.repository.js';

/**
 * What became of a team a deleted account was in: it left it, the team passed to the next
 * member (`newLeaderId`), or, alone in it, it was dissolved (its seat given back).
 */
export interface TeamDeparture {
  event: EventRow;
  team: TeamRow;
  outcome: 'left' | 'passed-on' | 'dissolved';
  /** The members still in the team, leader first; none for a dissolved one. */
  remainingIds: string[];
}

/**
 * A deleted account leaving its teams of events not started. Unlike a member's own leave, it
 * also leaves a registered team (the team keeps its seat, without the member's row), and the
 * leader's team is not discarded while others are in it: it passes to the member who joined
 * first after them.
 */
@Injectable()
export class TeamDepartureService {
  constructor(
    private readonly teams: TeamsRepository,
    private readonly registrations: RegistrationsService,
    private readonly seats: SeatsService,
  ) {}

  /** The events of the teams the student is in, read in the caller's transaction. */
  async eventIdsOf(studentId: string, executor: Executor): Promise<string[]> {
    return (await this.teams.teamsOf(studentId, undefined, executor)).map((team) => team.eventId);
  }

  /** The student's team of the event, if any: the one to lock before the event's seat (`SeatsService.lockForDeparture`). */
  async teamOf(studentId: string, eventId: string, executor: Executor): Promise<TeamRow | undefined> {
    const [team] = await this.teams.teamsOf(studentId, eventId, executor);
    return team;
  }

  /** Who leads the team once `leavingId` is gone: its member who joined first after them (nobody when they are alone). */
  async successorOf(teamId: string, leavingId: string, executor: Executor): Promise<string | undefined> {
    const members = await this.teams.membersOf([teamId], executor);
    return members.find((member) => member.userId && member.userId !== leavingId)?.userId ?? undefined;
  }

  /**
   * Takes the student out of the team, its locks held (`SeatsService.lockForDeparture`); nothing
   * when they are no longer in it. A leader alone in it dissolves it, a registered one giving its
   * seat back to the line first, as a cancel does.
   */
  async depart(studentId: string, team: TeamRow, event: EventRow, tx: Executor): Promise<TeamDeparture | undefined> {
    const locked = await this.teams.lock(team.id, tx);
    const members = locked ? await this.teams.membersOf([locked.id], tx) : [];
    if (!locked || !members.some((member) => member.userId === studentId)) return undefined;
    const remainingIds = members.flatMap((member) => (member.userId && member.userId !== studentId ? [member.userId] : []));
    if (locked.leaderId === studentId && remainingIds.length === 0) {
      if (locked.registeredAt) await this.seats.cancel(event.id, { userId: studentId, teamId: locked.id }, tx);
      await this.teams.delete(locked.id, tx);
      return { event, team: locked, outcome: 'dissolved', remainingIds };
    }
    await this.teams.deleteMember(locked.id, studentId, tx);
    if (locked.registeredAt) await this.registrations.withdrawTeamMember(event.id, studentId, tx);
    if (locked.leaderId !== studentId) return { event, team: locked, outcome: 'left', remainingIds };
    return { event, team: await this.teams.setLeader(locked.id, remainingIds[0], tx), outcome: 'passed-on', remainingIds };
  }

  /** Renames the teams whose names quote the deleted account (see the repository), in its deletion's transaction. */
  eraseMentions(traces: AccountTraces, executor: Executor): Promise<void> {
    return this.teams.eraseMentions(traces, executor);
  }
}
