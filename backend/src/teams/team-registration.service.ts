import { ConflictException, Injectable, type OnModuleInit } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import type { SessionUser } from '../common/session-user.js';
import { DatabaseService, type Executor } from '../database/database.service.js';
import type { EventRow } from '../database/schema/events.js';
import type { TeamMemberRow, TeamRow } from '../database/schema/teams.js';
import { EventsService, type SeatClaimKind } from '../events/events.service.js';
import { InvitesService } from '../invites/invites.service.js';
import { registrationWords } from '../registrations/registrations.service.js';
import { SeatsService, type TeamRefusal, type TeamSeats } from '../seats/seats.service.js';
import { genderLimit, genderLimitReached } from './gender-rule.js';
import { TeamAnswers } from './team-answers.js';
import { LEADER_ONLY, TeamRules, teamSizeRefusal } from './team-rules.js';
import type { TeamResponse } from './team.response.js';
import { TeamsRepository } from './teams.repository.js';

/**
 * Registering a team under one seat, and the refusals that keep it from registering: its size
 * and its gender's place. The seat is the seat owner's (`SeatsService`) to take, in its lock
 * order; this service gives it the team's own steps (`TeamSeats`) when the application starts.
 */
@Injectable()
export class TeamRegistrationService implements TeamSeats, OnModuleInit {
  constructor(
    private readonly teams: TeamsRepository,
    private readonly rules: TeamRules,
    private readonly answers: TeamAnswers,
    private readonly invites: InvitesService,
    private readonly events: EventsService,
    private readonly seats: SeatsService,
    private readonly database: DatabaseService,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.seats.attachTeams(this);
  }

  /**
   * Registers the leader's team: one transaction that locks the team, takes a place of its
   * gender (where limited) and one seat with a registration per member, marks it registered and
   * withdraws the invites its registration makes pointless.
   */
  async register(leader: SessionUser, teamId: string): Promise<{ message: string; team: TeamResponse }> {
    const now = this.clock.now();
    await this.refuseEarlyWhenClosed(leader, teamId, now);
    const { team, event, members } = await this.database.transaction(async (tx) => {
      const locked = await this.rules.lockOwnTeam(leader, teamId, tx, LEADER_ONLY);
      // One connection runs one statement at a time: the two reads go one after the other.
      const event = await this.events.getRow(locked.eventId, tx);
      const members = await this.teams.membersOf([locked.id], tx);
      const refusal = teamSizeRefusal(event, members.length);
      if (refusal) throw new ConflictException(refusal);
      return { team: await this.registerLocked(locked, event, members, now, tx), event, members };
    });
    return { message: registrationWords.succeeded('Team registered successfully!', event), team: await this.answers.registeredResponse(team, event, members) };
  }

  /**
   * In a rush most leaders arrive after the seats are gone: the shared event list (at most
   * EVENT_LIST_CACHE_MS old) already says so, and their leader is told without a transaction,
   * as a solo registration is. A seat a club admin frees by a rejection refreshes this
   * instance's list at once; another instance's list may say "full" for up to that period.
   */
  private async refuseEarlyWhenClosed(leader: SessionUser, teamId: string, now: Date): Promise<void> {
    const team = await this.teams.findById(teamId);
    if (!team || team.leaderId !== leader.id || team.registeredAt) return;
    const closed = this.events.closedReason(await this.events.getListed(team.eventId), now);
    if (closed) throw new ConflictException(closed);
  }

  /**
   * The registering steps once the team is locked (or was just created by the group form); a
   * `held` claim takes the seat held for the team's waitlist offer instead of a free one. Answers
   * the registered team.
   */
  private async registerLocked(
    team: TeamRow,
    event: EventRow,
    members: TeamMemberRow[],
    now: Date,
    tx: Executor,
    claim: SeatClaimKind = 'free',
  ): Promise<TeamRow> {
    const accounts = members.flatMap((member) => (member.userId ? [member.userId] : []));
    const closed = this.events.closedReason(event, now, claim);
    if (closed) throw new ConflictException(closed);
    // The team's own rows first; the rows every registering team waits for (its members' locks
    // of the festival rules, its gender's count, the event's seats) last, in that order, so
    // their locks are held from the claim to the commit only.
    const registered = await this.teams.markRegistered(team.id, now, tx);
    await this.invites.withdrawForRegisteredTeam(team.id, event.id, accounts, tx);
    // Then the seat owner's order: the members' student locks, the gender place, the seat.
    await this.seats.takeForTeam(team, event, accounts, now, tx, claim);
    return registered;
  }

  // ---- the team's steps of a seat change, called by the seat owner in its lock order (`TeamSeats`) ----

  /** A place among the event's teams of the team's gender, where the event limits them. */
  async claimGenderPlace(event: EventRow, team: TeamRow, tx: Executor): Promise<void> {
    if (!team.gender) return;
    const max = genderLimit(event, team.gender);
    if (max !== null && !(await this.teams.claimGenderPlace(event.id, team.gender, max, tx))) {
      throw new ConflictException(genderLimitReached('Cannot register team!', max, team.gender, event.name));
    }
  }

  /**
   * Why the team, as it is now, could not register for the event, in registering's words: too
   * few members (its leader can invite more: not `lasting`), or its gender's teams all
   * registered (only another team's cancel would mend it: `lasting`). Nothing when it could.
   */
  async refusal(team: TeamRow, event: EventRow, executor: Executor): Promise<TeamRefusal | undefined> {
    const members = await this.teams.membersOf([team.id], executor);
    const sizeRefusal = teamSizeRefusal(event, members.length);
    if (sizeRefusal) return { message: sizeRefusal, lasting: false };
    const max = team.gender ? genderLimit(event, team.gender) : null;
    if (team.gender && max !== null && ((await this.teams.registeredByGender(event.id, executor))[team.gender] ?? 0) >= max) {
      return { message: genderLimitReached('Cannot register team!', max, team.gender, event.name), lasting: true };
    }
    return undefined;
  }

  /**
   * Registers a locked team with the seat held for its waitlist offer, as `register` does with a
   * free one (size, gender place, a registration per member); the caller has locked the team,
   * its members' festival-rule locks, the gender counts and the seats (`SeatsService.lockForOffer`).
   */
  async registerWithHeldSeat(team: TeamRow, event: EventRow, now: Date, tx: Executor): Promise<void> {
    const refusal = await this.refusal(team, event, tx);
    if (refusal) throw new ConflictException(refusal.message);
    await this.registerLocked(team, event, await this.teams.membersOf([team.id], tx), now, tx, 'held');
  }

  /** A cancelled team's registration: the team stays, with its members, unregistered (the seat owner gave its gender's place back). */
  async markUnregistered(team: TeamRow, executor: Executor): Promise<void> {
    await this.teams.markUnregistered(team.id, executor);
  }

  lock(teamId: string, executor: Executor): Promise<TeamRow | undefined> {
    return this.teams.lock(teamId, executor);
  }

  /** Locks every team of the event, in id order, before it is deleted. */
  lockAllOfEvent(eventId: string, executor: Executor): Promise<void> {
    return this.teams.lockAllOfEvent(eventId, executor);
  }

  async memberIds(teamId: string, executor: Executor): Promise<string[]> {
    return (await this.teams.membersOf([teamId], executor)).flatMap((member) => (member.userId ? [member.userId] : []));
  }

  lockGenderPlaces(eventId: string, executor: Executor): Promise<void> {
    return this.teams.lockGenderPlaces(eventId, executor);
  }

  releaseGenderPlaces(eventId: string, teamIds: readonly string[], executor: Executor): Promise<void> {
    return this.teams.releaseGenderPlaces(eventId, teamIds, executor);
  }
}
