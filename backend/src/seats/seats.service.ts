import { Injectable } from '@nestjs/common';
import type { Executor } from '../database/database.service.js';
import type { EventRow, NewEventRow } from '../database/schema/events.js';
import type { RegistrationRow } from '../database/schema/registrations.js';
import type { TeamRow } from '../database/schema/teams.js';
import { EventsService, type SeatClaimKind } from '../events/events.service.js';
import type { Chosen, RegistrationDecision } from '../registrations/registrations.dto.js';
import { RegistrationsService, registrationWords, seatOf } from '../registrations/registrations.service.js';

/** Why a team could not take a seat now, and whether that lasts (waiting, or its leader acting, would not mend it). */
export interface TeamRefusal {
  message: string;
  lasting: boolean;
}

/**
 * What a seat needs from the teams module, which sits above this one (it registers teams through
 * it): its rows' locks, its gender places and its registered mark. The teams module attaches it
 * when the application starts (`attachTeams`); nothing else calls these steps.
 */
export interface TeamSeats {
  lock(teamId: string, tx: Executor): Promise<TeamRow | undefined>;
  lockAllOfEvent(eventId: string, tx: Executor): Promise<void>;
  memberIds(teamId: string, tx: Executor): Promise<string[]>;
  lockGenderPlaces(eventId: string, tx: Executor): Promise<void>;
  /** Claims the team's place of its gender (where limited), or refuses with registering's words. */
  claimGenderPlace(event: EventRow, team: TeamRow, tx: Executor): Promise<void>;
  releaseGenderPlaces(eventId: string, teamIds: readonly string[], tx: Executor): Promise<void>;
  /** Why the team, as it is now, could not register (its size, its gender's place); nothing when it could. */
  refusal(team: TeamRow, event: EventRow, tx: Executor): Promise<TeamRefusal | undefined>;
  /** Registers the locked team with the seat held for its offer: its own rows, then `takeForTeam(…, 'held')`. */
  registerWithHeldSeat(team: TeamRow, event: EventRow, now: Date, tx: Executor): Promise<void>;
  /** Marks the team unregistered (its gender's place was given back with its seat). */
  markUnregistered(team: TeamRow, tx: Executor): Promise<void>;
}

/** Where a freed seat goes: the waitlist, which sits above this module and attaches itself (`attachLine`). */
export interface SeatLine {
  /** Offers the event's free seats to the line, in the caller's transaction (after the seat lock); answers how many were offered. */
  offerFreeSeats(eventId: string, tx: Executor, now?: Date): Promise<number>;
}

/** Whose seat: a solo student's, or a team's (its members' registrations under one seat). */
interface SeatHolder {
  userId: string;
  teamId: string | null;
}

/** The locks a seat change takes before the seat row (see `lockInOrder`). */
interface LockSteps {
  /** A team's row (its change), checked by `check` as soon as it is locked. */
  team?: { id: string; check?: (team: TeamRow | undefined) => TeamRow };
  /** Every team of the event (its deletion). */
  allTeams?: boolean;
  /** The festival rules' student locks of a change that ends in a registration: the solo student, or the team's members. */
  students?: { userId: string } | 'members';
  /** The event's gender counts (a change that takes or gives back a team's place of its gender). */
  genderPlaces?: boolean;
}

/**
 * The seat's one owner: taking a seat for a team, holding seats for waitlist offers, giving a seat
 * back (a cancel, a rejection), passing a freed seat to the line, changing the capacity and
 * deleting an event. The rows stay with their modules (`event_seats` with events, registrations,
 * teams, the line's entries); this service alone locks the seat row and decides the order of every
 * step around it (`lockInOrder`). A solo registration takes its seat in one statement of the
 * registrations module, under the same order (its student locks, then the seat row).
 */
@Injectable()
export class SeatsService {
  private teamSeats?: TeamSeats;
  private line?: SeatLine;

  constructor(
    private readonly events: EventsService,
    private readonly registrations: RegistrationsService,
  ) {}

  /** The teams module's steps, attached when it starts. */
  attachTeams(teams: TeamSeats): void {
    this.teamSeats = teams;
  }

  /** The waitlist, attached when it starts: every seat given back here goes to it first. */
  attachLine(line: SeatLine): void {
    this.line = line;
  }

  // ---- the lock order ----

  /**
   * The one lock order of an event's seat changes, the order a team's registration takes them in:
   *   1. the team's row (every team of the event for a deletion),
   *   2. the festival rules' student locks (a change that ends in a registration),
   *   3. the event's gender counts,
   *   4. the event's seat row (for a deletion, its row too: `lockForChange`),
   * and only then the rows the change writes (waitlist entries, registrations). Two changes of one
   * event therefore take turns and never wait on each other in reverse. Answers the locked team
   * and whether the event (its seat row) exists; when the team named is gone, nothing after it is locked.
   */
  private async lockInOrder(eventId: string, steps: LockSteps, tx: Executor): Promise<{ team?: TeamRow; found: boolean }> {
    let team: TeamRow | undefined;
    if (steps.allTeams) await this.teams().lockAllOfEvent(eventId, tx);
    if (steps.team) {
      const locked = await this.teams().lock(steps.team.id, tx);
      team = steps.team.check ? steps.team.check(locked) : locked;
      // A team that is gone takes part in no change: nothing more is locked for it.
      if (!team) return { found: false };
    }
    if (steps.students) {
      const students = steps.students === 'members' ? (team ? await this.teams().memberIds(team.id, tx) : []) : [steps.students.userId];
      await this.registrations.lockStudents(students, tx);
    }
    if (steps.genderPlaces) await this.teams().lockGenderPlaces(eventId, tx);
    return { team, found: await this.events.lockSeats(eventId, tx) };
  }

  // ---- taking a seat ----

  /**
   * Takes one seat of the event for a team its module has locked and marked registered: a
   * registration per member, the team's gender place claimed after the members' student locks
   * and before the seat (`registerParticipants`' `beforeSeat`). A `held` claim takes the seat held
   * for the team's waitlist offer.
   */
  async takeForTeam(team: TeamRow, event: EventRow, memberIds: readonly string[], now: Date, tx: Executor, claim: SeatClaimKind = 'free'): Promise<void> {
    await this.registrations.registerParticipants(event, memberIds, {
      now,
      alreadyRegistered: `A member of this team is already registered for ${event.name}.`,
      executor: tx,
      teamId: team.id,
      callerId: team.leaderId,
      beforeSeat: () => this.teams().claimGenderPlace(event, team, tx),
      claim,
    });
  }

  /**
   * Locks what answering a waitlist offer needs, in the lock order: the team (undefined when it is
   * gone), the students' locks, the gender counts, the seat row. Then `takeHeld` takes the seat.
   */
  async lockForOffer(eventId: string, holder: SeatHolder, tx: Executor): Promise<{ team?: TeamRow; gone: boolean }> {
    if (!holder.teamId) {
      await this.lockInOrder(eventId, { students: { userId: holder.userId } }, tx);
      return { gone: false };
    }
    const { team } = await this.lockInOrder(eventId, { team: { id: holder.teamId }, students: 'members', genderPlaces: true }, tx);
    return { team, gone: !team };
  }

  /** Takes the seat held for the holder's offer (after `lockForOffer`): a team registers as it does from its page. */
  async takeHeld(event: EventRow, holder: SeatHolder, team: TeamRow | undefined, now: Date, tx: Executor): Promise<void> {
    if (team) return this.teams().registerWithHeldSeat(team, event, now, tx);
    await this.registrations.registerParticipants(event, [holder.userId], {
      now,
      alreadyRegistered: registrationWords.alreadyRegistered(event.name),
      executor: tx,
      callerId: holder.userId,
      claim: 'held',
    });
  }

  /** Why the team could not take a seat now (its size, its gender's place), read under the caller's locks. */
  teamRefusal(team: TeamRow, event: EventRow, tx: Executor): Promise<TeamRefusal | undefined> {
    return this.teams().refusal(team, event, tx);
  }

  /**
   * Locks what a deleted account's leaving the event changes, in the lock order: its team (when
   * it is in one), the gender counts, the seat row. Its waitlist place, its team and its own seat
   * are then given up under these locks (`cancel` and the line's steps find them held).
   */
  async lockForDeparture(eventId: string, teamId: string | undefined, tx: Executor): Promise<void> {
    if (teamId && (await this.lockInOrder(eventId, { team: { id: teamId }, genderPlaces: true }, tx)).team) return;
    // No team, or it is gone: the event's own locks still come in order.
    await this.lockInOrder(eventId, { genderPlaces: true }, tx);
  }

  // ---- the line's seats ----

  /**
   * Locks the event's seat row for a change of its line (joining, an offer, its answer, the
   * sweep), after the team's row when a team is in it. Answers the team and whether the event exists.
   */
  lockForLine(eventId: string, tx: Executor, teamId?: string): Promise<{ team?: TeamRow; found: boolean }> {
    return this.lockInOrder(eventId, teamId ? { team: { id: teamId } } : {}, tx);
  }

  /** Holds `count` free seats for waitlist offers (after `lockForLine`). */
  hold(eventId: string, count: number, tx: Executor): Promise<void> {
    return this.events.changeHeldSeats(eventId, count, tx);
  }

  /** Lets `count` held seats go (an offer declined, lapsed or gone), after `lockForLine`; the line offers them again itself. */
  letGo(eventId: string, count: number, tx: Executor): Promise<void> {
    return this.events.changeHeldSeats(eventId, -count, tx);
  }

  // ---- giving a seat back ----

  /**
   * Cancels the holder's standing registration (a team's: every member's row, and the team stays,
   * unregistered, its gender place given back) and passes the seat to the line, in one transaction.
   * `check` sees the locked team first (who may cancel it). Answers the rows cancelled (none when
   * there were none) and the team.
   */
  async cancel(
    eventId: string,
    holder: SeatHolder,
    tx: Executor,
    check?: (team: TeamRow | undefined) => TeamRow,
  ): Promise<{ rows: RegistrationRow[]; team?: TeamRow }> {
    const teamId = holder.teamId;
    const { team } = teamId
      ? await this.lockInOrder(eventId, { team: { id: teamId, check }, genderPlaces: true }, tx)
      : await this.lockInOrder(eventId, {}, tx);
    const { rows, seats } = await this.registrations.cancel(eventId, teamId ? { teamId } : { userId: holder.userId }, tx);
    if (seats === 0) return { rows: [], team };
    if (team) {
      await this.teams().releaseGenderPlaces(eventId, [team.id], tx);
      await this.teams().markUnregistered(team, tx);
    }
    await this.giveBack(eventId, seats, tx);
    return { rows, team };
  }

  /**
   * Approves or rejects pending registrations of the event: a pending one holds its seat, so an
   * approval moves none; a rejection gives each seat back (and a team's gender place) and passes
   * it to the line, in the decision's transaction. Answers the rows decided.
   */
  async decide(event: EventRow, chosen: Chosen, decision: RegistrationDecision, tx: Executor): Promise<RegistrationRow[]> {
    if (decision.status === 'approved') return this.registrations.decide(event.id, chosen, decision, tx);
    await this.lockInOrder(event.id, { genderPlaces: event.hasGenderBasedTeams }, tx);
    const rows = await this.registrations.decide(event.id, chosen, decision, tx);
    const teamIds = [...new Set(rows.flatMap((row) => (row.teamId ? [row.teamId] : [])))];
    if (event.hasGenderBasedTeams) await this.teams().releaseGenderPlaces(event.id, teamIds, tx);
    await this.giveBack(event.id, new Set(rows.map(seatOf)).size, tx);
    return rows;
  }

  /** Gives `count` seats back and passes the event's free seats to the line, after the seat lock. */
  private async giveBack(eventId: string, count: number, tx: Executor): Promise<void> {
    if (count > 0) await this.events.releaseSeats(eventId, count, tx);
    await this.passOn(eventId, tx);
  }

  private async passOn(eventId: string, tx: Executor): Promise<void> {
    if (!this.line) throw new Error('No waitlist is attached to the seats: a freed seat would skip the line.');
    await this.line.offerFreeSeats(eventId, tx);
  }

  // ---- the event's capacity and its end ----

  /**
   * Changes the event (its capacity among its fields) with its seat row locked first, then offers
   * whatever it frees (a raised capacity, an event opened again, a deadline moved) to the line.
   */
  async changeEvent(id: string, changes: Partial<NewEventRow>, tx: Executor): Promise<{ before: EventRow; after: EventRow }> {
    const changed = await this.events.update(id, changes, tx);
    await this.passOn(id, tx);
    return changed;
  }

  /**
   * Deletes the event with its seats, registrations, teams and line, its locks taken in the order
   * a registration takes them (every team, the gender counts, the seat row and the event's row),
   * so a registration in flight finishes first and none starts. `beforeDelete` reads and writes
   * what must be done with the event locked (the e-mails, the audit record); its answer is returned.
   */
  async deleteEvent<T>(id: string, tx: Executor, beforeDelete: (event: EventRow) => Promise<T>): Promise<T> {
    await this.lockInOrder(id, { allTeams: true, genderPlaces: true }, tx);
    const event = await this.events.lockForChange(id, true, tx);
    const answer = await beforeDelete(event);
    await this.events.delete(id, tx);
    return answer;
  }

  private teams(): TeamSeats {
    if (!this.teamSeats) throw new Error('No teams module is attached to the seats.');
    return this.teamSeats;
  }
}
