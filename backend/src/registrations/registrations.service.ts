import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { SQL } from 'drizzle-orm';
import { Clock } from '../common/clock.js';
import { participantRefusal, uniqueConflict } from '../common/conflicts.js';
import type { SessionUser } from '../common/session-user.js';
import { DatabaseService, type Executor } from '../database/database.service.js';
import type { EventRow } from '../database/schema/events.js';
import type { RegistrationRow } from '../database/schema/registrations.js';
import type { StudentParticipation } from '../events/event.response.js';
import { EventsService, type SeatClaimKind } from '../events/events.service.js';
import { eventSpan, overlap } from '../events/festival-calendar.service.js';
import { FestivalSettingsService } from '../settings/festival-settings.service.js';
import { UsersService } from '../users/users.service.js';
import { type RegistrationInvite, RegistrationInvites } from './registration-invites.js';
import { type RegistrationResponse, toRegistrationResponse } from './registration.response.js';
import type { Chosen, RegistrationDecision } from './registrations.dto.js';
import {
  type CancelledSeat,
  type DoorAdmission,
  type EventTally,
  ONE_PER_STUDENT,
  type PresenceMark,
  RegistrationsRepository,
} from './registrations.repository.js';

export type { CancelledSeat, DoorAdmission, EventTally, PresenceMark };

/** How a registration of participants is recorded: when, what a repeat is told, and the caller's transaction. */
interface ParticipantsRegistration {
  now: Date;
  /** The 409's message when a participant already holds a registration for the event. */
  alreadyRegistered: string;
  /** The caller's transaction, so its own rows (a team's) commit with the seat and the registrations. */
  executor?: Executor;
  /** The team the participants register as, recorded on each of their registrations. */
  teamId?: string;
  /** The student who asks (the solo student, the team's leader): the festival rules' refusals say "you" to them and name the others. */
  callerId?: string;
  /**
   * The caller's own claim that comes before the seat in the lock order (a team's place of its
   * gender): run after the festival rules' student locks and before the seat is taken.
   */
  beforeSeat?: () => Promise<void>;
  /** A free seat (the default), or the seat held for their waitlist offer. */
  claim?: SeatClaimKind;
}

/** The seat a registration holds: its team's, shared by the team's members, or the solo student's own. */
export function seatOf(registration: Pick<RegistrationRow, 'teamId' | 'userId'>): string {
  return registration.teamId ?? `student:${registration.userId}`;
}

/** The refusals about a student's own registration for an event, in the words every module answers with. */
export const registrationWords = {
  alreadyRegistered: (eventName: string) => `You are already registered for ${eventName}.`,
  notRegistered: (eventName: string) => `You are not registered for ${eventName}.`,
  /** A success that still waits for the club says so, so nobody reads it as confirmed. */
  succeeded: (success: string, event: Pick<EventRow, 'requiresApproval'>) =>
    event.requiresApproval ? `${success} It awaits the club's approval: your ticket is valid once it is approved.` : success,
};

/** How many seats the registrations hold: one per solo student, one per team. */
function seatsHeldBy(rows: readonly RegistrationRow[]): number {
  return new Set(rows.map(seatOf)).size;
}

/** No seat could be taken: the event filled up, closed or passed its deadline meanwhile. */
class NoSeatTaken extends Error {}

/** The participants with the one who asked first, so a refusal about them says "you" before it names a teammate. */
const askerFirst = (participantIds: readonly string[], callerId: string | undefined) =>
  [...participantIds].sort((a, b) => Number(b === callerId) - Number(a === callerId));

/**
 * Owns participation, "is this student registered for event X": one registration row per
 * participant, whether they registered alone or as a member of a registered team.
 */
@Injectable()
export class RegistrationsService {
  constructor(
    private readonly registrations: RegistrationsRepository,
    private readonly events: EventsService,
    private readonly users: UsersService,
    private readonly invites: RegistrationInvites,
    private readonly database: DatabaseService,
    private readonly clock: Clock,
    private readonly settings: FestivalSettingsService,
  ) {}

  /**
   * Registers a student for an individual event: a solo one, or a workshop, competition, seminar
   * or other event that students attend one by one (only group events take teams).
   */
  async registerSolo(student: SessionUser, eventId: string, studentId: string): Promise<{ message: string; registration: RegistrationResponse }> {
    if (student.role !== 'student') throw new ForbiddenException('Admin Account - Admins cannot register for events');
    if (studentId !== student.id) throw new ForbiddenException('You can only register yourself.');
    const now = this.clock.now();
    const event = await this.events.getListed(eventId);
    if (event.eventType === 'group') throw new BadRequestException(`${event.name} is a team event. Form a team on its page to register.`);
    const alreadyRegistered = registrationWords.alreadyRegistered(event.name);
    const rows = await this.registerParticipants(event, [student.id], { now, alreadyRegistered, callerId: student.id }).catch(async (error: unknown) => {
      // Registered comes first (student-side §4): a student who holds a place is told so, not that the event is full or closed since.
      const holds = error instanceof ConflictException && (await this.registrations.findStandingOfStudent(event.id, student.id));
      throw holds ? new ConflictException(alreadyRegistered) : error;
    });
    const [registration] = rows;
    const message = registrationWords.succeeded(`Successfully registered for ${event.name}!`, event);
    return { message, registration: toRegistrationResponse(registration, event) };
  }

  /**
   * Takes one seat of the event and records a registration for each participant with it, in one
   * statement: a solo registration is one participant; a team's registration is its members
   * under the team's one seat. The conditional seat update refuses a full, closed or late
   * registration and the unique (event, student) pair refuses a repeat; either way nothing is
   * kept, and the 409 says why.
   *
   * With a festival-wide rule on (`festivalRules`), the participants' student locks come first
   * and the rules are checked under them, in one transaction with the seat (the caller's, or
   * one of its own for a solo registration); with the rules off, a solo registration stays the
   * one statement a rush depends on.
   */
  async registerParticipants(event: EventRow, participantIds: readonly string[], registration: ParticipantsRegistration): Promise<RegistrationRow[]> {
    const closed = this.events.closedReason(event, registration.now, registration.claim);
    if (closed) throw new ConflictException(closed);
    if (!this.festivalRulesOn()) {
      await registration.beforeSeat?.();
      return this.takeSeat(event, participantIds, registration, registration.executor);
    }
    const underRules = async (tx: Executor) => {
      await this.registrations.lockStudents(participantIds, tx);
      await this.refuseByFestivalRules(event, participantIds, registration.callerId, tx);
      await registration.beforeSeat?.();
      return this.takeSeat(event, participantIds, registration, tx);
    };
    return registration.executor ? underRules(registration.executor) : this.database.transaction(underRules);
  }

  /** The calendar invite of the student's registration for the event, while it holds a seat and the event has a date. */
  async calendarOf(student: SessionUser, eventId: string): Promise<RegistrationInvite> {
    const event = await this.events.getRow(eventId);
    const registration = await this.registrations.findStandingOfStudent(event.id, student.id);
    if (!registration) throw new NotFoundException(registrationWords.notRegistered(event.name));
    const invite = this.invites.inviteFor(event, registration, this.clock.now());
    if (!invite) throw new NotFoundException(`The date of ${event.name} is not announced yet.`);
    return invite;
  }

  /** Every registration of the events (team members included), oldest application first: the admins' queues. */
  ofEvents(eventIds: readonly string[], executor?: Executor): Promise<RegistrationRow[]> {
    return this.registrations.findByEvents(eventIds, executor);
  }

  /**
   * Approves or rejects the pending registrations the students and teams name, in the caller's
   * transaction; answers the rows decided (already-decided ones are left as they are). A pending
   * registration holds its seat: what a rejection gives back is the seat owner's (`SeatsService.decide`),
   * which locks the seat row before calling this.
   */
  decide(eventId: string, chosen: Chosen, decision: RegistrationDecision, executor: Executor): Promise<RegistrationRow[]> {
    return this.registrations.decidePending(eventId, chosen, decision, executor);
  }

  /** The student's registration for the event that holds a seat (pending or approved), if any: their own or their team's. */
  async seatOfStudent(eventId: string, userId: string, executor?: Executor): Promise<RegistrationRow | undefined> {
    return this.registrations.findStandingOfStudent(eventId, userId, executor);
  }

  /**
   * Deletes the standing registrations of a solo student or of a whole team for the event, in the
   * caller's transaction (the seat owner's, `SeatsService.cancel`, after the seat lock), answering
   * the rows deleted and how many seats they held.
   */
  async cancel(eventId: string, whose: CancelledSeat, executor: Executor): Promise<{ rows: RegistrationRow[]; seats: number }> {
    const rows = await this.registrations.deleteStanding(eventId, whose, executor);
    return { rows, seats: seatsHeldBy(rows) };
  }

  /** The events the student holds a place in (pending or approved), read in the caller's transaction. */
  eventIdsHeldBy(userId: string, executor: Executor): Promise<string[]> {
    return this.registrations.findStandingEventIdsOfStudent(userId, executor);
  }

  /**
   * Takes a member out of their team's standing registration (their account deleted), in the
   * caller's transaction after the team's lock: the team keeps its one seat, so none is given back.
   */
  withdrawTeamMember(eventId: string, userId: string, executor: Executor): Promise<boolean> {
    return this.registrations.deleteStandingOfTeamMember(eventId, userId, executor);
  }

  /** The students holding a place in the event, as a subquery of one column, `id` (see the repository). */
  standingStudentIds(eventId: string): SQL {
    return this.registrations.standingStudentIds(eventId);
  }

  /** The event's registrations that hold a seat (pending or approved), oldest first: the students expected on the day. */
  standingOf(eventId: string, executor?: Executor): Promise<RegistrationRow[]> {
    return this.registrations.findStanding(eventId, executor);
  }

  /** The registrations a ticket stands for, when they still hold their seat: one solo student, or a team's members. */
  holdersOf(ticketCode: string): Promise<RegistrationRow[]> {
    return this.registrations.findStandingByTickets([ticketCode]);
  }

  /**
   * Marks attendance on the event day (the caller checks who may and when): students not holding
   * a seat are left alone, and so is a student already marked as asked. Answers how many changed.
   */
  markPresence(eventId: string, marks: readonly PresenceMark[], executor?: Executor): Promise<number> {
    return this.registrations.markPresence(eventId, marks, this.clock.now(), executor);
  }

  /** Lets students in by door scans, the earliest scan of each winning (`RegistrationsRepository.admitAtDoor`); answers whom it let in. */
  admitAtDoor(eventId: string, admissions: readonly DoorAdmission[], executor: Executor): Promise<string[]> {
    return this.registrations.admitAtDoor(eventId, admissions, executor);
  }

  /** The registrations of the tickets among `codes` that still hold their seat, whatever their event. */
  standingByTickets(codes: readonly string[], executor?: Executor): Promise<RegistrationRow[]> {
    return this.registrations.findStandingByTickets(codes, executor);
  }

  /** What the student has registered for, by event id; nothing for an admin, who registers for nothing. */
  async participationOf(user: SessionUser): Promise<Map<string, StudentParticipation>> {
    if (user.role !== 'student') return new Map();
    const rows = await this.registrations.findByUser(user.id);
    return new Map(rows.map((row) => [row.eventId, { appliedAt: row.appliedAt, status: row.status }]));
  }

  /**
   * The student's registrations, newest first, each with its event. A team member's carries the
   * team's id: the teams module, above this one, adds the team's details for My Registrations.
   */
  async registrationsOf(userId: string): Promise<{ registration: RegistrationRow; event: EventRow }[]> {
    const rows = await this.registrations.findByUser(userId);
    const events = new Map((await this.events.findListed(rows.map((row) => row.eventId))).map((event) => [event.id, event]));
    // Every registration's event is there (a foreign key); flatMap says so to the compiler.
    return rows.flatMap((registration) => {
      const event = events.get(registration.eventId);
      return event ? [{ registration, event }] : [];
    });
  }

  // ---- the dashboards (admin-side §2): aggregates over the caller's events ----

  /** Per event (`undefined`: every event): applications, participants, teams and those who applied since `since`. */
  tallyByEvent(eventIds: readonly string[] | undefined, since: Date): Promise<EventTally[]> {
    return this.registrations.tallyByEvent(eventIds, since);
  }

  /** Registrations holding a place, per day in the time zone, oldest day first. */
  countByDay(eventIds: readonly string[] | undefined, timeZone: string): Promise<{ day: string; count: number }[]> {
    return this.registrations.countByDay(eventIds, timeZone);
  }

  /** Each event's latest registrations holding a place, at most `perEvent` each. */
  latestByEvent(eventIds: readonly string[], perEvent: number): Promise<RegistrationRow[]> {
    return this.registrations.latestByEvent(eventIds, perEvent);
  }

  /** Each event's latest teams holding a place, at most `perEvent` each. */
  latestTeamsByEvent(eventIds: readonly string[], perEvent: number): Promise<{ eventId: string; teamId: string }[]> {
    return this.registrations.latestTeamsByEvent(eventIds, perEvent);
  }

  /** How many students hold a place in more events than a cap of `cap` allows (they keep them: a cap applies to new registrations). */
  studentsAboveCap(cap: number): Promise<number> {
    return this.registrations.countStudentsHoldingMoreThan(cap);
  }

  /** Whether the student is registered for any event (pending, approved or rejected), read in the caller's transaction. */
  hasRegistrations(userId: string, executor: Executor): Promise<boolean> {
    return this.registrations.existsForUser(userId, executor);
  }

  /**
   * Takes the festival rules' student locks (when a rule is on) in the caller's transaction: the
   * seat owner's lock order takes them after a team's row and before the gender counts and the
   * seats, the order every registration takes them in. The locks are re-entrant,
   * so the later call inside `registerParticipants` only finds them held.
   */
  async lockStudents(userIds: readonly string[], executor: Executor): Promise<void> {
    if (this.festivalRulesOn()) await this.registrations.lockStudents(userIds, executor);
  }

  /**
   * Why the festival rules (the cap, a clash) would refuse the participants' registration for the
   * event, read without their locks: an early answer or a choice (the waitlist's line), which the
   * registration itself checks again under the locks. Nothing when they would not.
   */
  async festivalRulesRefusal(event: EventRow, participantIds: readonly string[], callerId: string, executor?: Executor): Promise<string | undefined> {
    if (!this.festivalRulesOn()) return undefined;
    try {
      await this.refuseByFestivalRules(event, participantIds, callerId, executor ?? this.database.db);
      return undefined;
    } catch (error) {
      if (error instanceof ConflictException) return error.message;
      throw error;
    }
  }

  private festivalRulesOn(): boolean {
    const { maxRegistrationsPerStudent, clashCheck } = this.settings.current.rules;
    return maxRegistrationsPerStudent > 0 || clashCheck;
  }

  /** The seat and the participants' rows in one statement (see `registerParticipants`), its refusals in words. */
  private async takeSeat(
    event: EventRow,
    participantIds: readonly string[],
    registration: ParticipantsRegistration,
    executor?: Executor,
  ): Promise<RegistrationRow[]> {
    const { now, alreadyRegistered, teamId, claim = 'free' } = registration;
    try {
      const status = event.requiresApproval ? 'pending' : 'approved';
      const seatClaim = this.events.seatClaim(event.id, event.eventType, now, claim);
      const rows = await this.registrations.insertWithSeat({ userIds: participantIds, status, teamId: teamId ?? null }, seatClaim, executor);
      if (rows.length === 0) throw new NoSeatTaken();
      return rows;
    } catch (error) {
      if (error instanceof NoSeatTaken) throw await this.noSeatConflict(event, now, claim, executor);
      throw participantRefusal(error) ?? uniqueConflict(error, { [ONE_PER_STUDENT]: { message: alreadyRegistered } }) ?? error;
    }
  }

  /**
   * The festival-wide rules, read under the participants' student locks (so a registration of
   * theirs elsewhere either committed before or waits for this one): the cap on places held, and
   * no two events whose times overlap (an event without a set end lasts `eventLengthMinutes`).
   * Registrations for this event itself are left to the unique pair, which says "already registered".
   */
  private async refuseByFestivalRules(event: EventRow, participantIds: readonly string[], callerId: string | undefined, tx: Executor): Promise<void> {
    const { maxRegistrationsPerStudent: cap, clashCheck, eventLengthMinutes } = this.settings.current.rules;
    const held = await this.registrations.findStandingOfStudents(participantIds, event.id, tx);
    if (held.length === 0) return;
    const names = new Map((await this.users.findByIds(participantIds, tx)).map((user) => [user.id, user.name]));
    const ordered = askerFirst(participantIds, callerId);
    if (cap > 0) {
      const full = ordered.find((id) => held.filter((row) => row.userId === id).length >= cap);
      if (full !== undefined) {
        throw new ConflictException(
          full === callerId
            ? `You can hold at most ${registrationCount(cap)} at this festival.`
            : `${names.get(full) ?? 'A member'} already holds ${registrationCount(cap)}, the festival's most.`,
        );
      }
    }
    const span = eventSpan(event, eventLengthMinutes);
    if (!clashCheck || !span) return;
    const others = new Map((await this.events.findByIds([...new Set(held.map((row) => row.eventId))], tx)).map((other) => [other.id, other]));
    const clashes = (row: RegistrationRow) => {
      const other = others.get(row.eventId);
      const otherSpan = other && eventSpan(other, eventLengthMinutes);
      return otherSpan !== undefined && overlap(span, otherSpan);
    };
    for (const id of ordered) {
      const clash = held.find((row) => row.userId === id && clashes(row));
      if (!clash) continue;
      const other = others.get(clash.eventId)?.name ?? 'another event';
      if (id === callerId) throw new ConflictException(`${event.name} is at the same time as ${other}, which you are registered for.`);
      throw new ConflictException(`${names.get(id) ?? 'A member'} is registered for ${other} at the same time.`);
    }
  }

  /** The claim found no seat: the live row says whether the event closed or filled up meanwhile. */
  private async noSeatConflict(event: EventRow, now: Date, claim: SeatClaimKind, executor?: Executor): Promise<ConflictException> {
    const current = await this.events.getRow(event.id, executor);
    return new ConflictException(this.events.closedReason(current, now, claim) ?? 'Registration Full - All spots have been taken');
  }
}

/** "1 registration", "3 registrations": a cap of one reads as one. */
export const registrationCount = (n: number): string => `${n} ${n === 1 ? 'registration' : 'registrations'}`;
