import { BadRequestException, ConflictException, ForbiddenException, Injectable } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { staffParticipantRefusal, uniqueConflict } from '../common/conflicts.js';
import type { SessionUser } from '../common/session-user.js';
import type { Executor } from '../database/database.service.js';
import type { EventRow } from '../database/schema/events.js';
import type { RegistrationRow } from '../database/schema/registrations.js';
import type { StudentParticipation } from '../events/event.response.js';
import { EventsService, type SeatClaimKind } from '../events/events.service.js';
import { type RegistrationResponse, toRegistrationResponse } from './registration.response.js';
import type { Chosen, Decision } from './registrations.dto.js';
import { type CancelledSeat, type EventTally, ONE_PER_STUDENT, type PresenceMark, RegistrationsRepository } from './registrations.repository.js';

export type { CancelledSeat, EventTally, PresenceMark };

/** How a registration of participants is recorded: when, what a repeat is told, and the caller's transaction. */
interface ParticipantsRegistration {
  now: Date;
  /** The 409's message when a participant already holds a registration for the event. */
  alreadyRegistered: string;
  /** The caller's transaction, so its own rows (a team's) commit with the seat and the registrations. */
  executor?: Executor;
  /** The team the participants register as, recorded on each of their registrations. */
  teamId?: string;
  /** A free seat (the default), or the seat held for their waitlist offer. */
  claim?: SeatClaimKind;
}

/** The seat a registration holds: its team's, shared by the team's members, or the solo student's own. */
export function seatOf(registration: Pick<RegistrationRow, 'teamId' | 'userId'>): string {
  return registration.teamId ?? `student:${registration.userId}`;
}

/** How many seats the registrations hold: one per solo student, one per team. */
function seatsHeldBy(rows: readonly RegistrationRow[]): number {
  return new Set(rows.map(seatOf)).size;
}

/** No seat could be taken: the event filled up, closed or passed its deadline meanwhile. */
class NoSeatTaken extends Error {}

/**
 * Owns participation, "is this student registered for event X": one registration row per
 * participant, whether they registered alone or as a member of a registered team.
 */
@Injectable()
export class RegistrationsService {
  constructor(
    private readonly registrations: RegistrationsRepository,
    private readonly events: EventsService,
    private readonly clock: Clock,
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
    const [registration] = await this.registerParticipants(event, [student.id], { now, alreadyRegistered: `You are already registered for ${event.name}.` });
    return { message: `Successfully registered for ${event.name}!`, registration: toRegistrationResponse(registration, event) };
  }

  /**
   * Takes one seat of the event and records a registration for each participant with it, in one
   * statement: a solo registration is one participant; a team's registration is its members
   * under the team's one seat. The conditional seat update refuses a full, closed or late
   * registration and the unique (event, student) pair refuses a repeat; either way nothing is
   * kept, and the 409 says why.
   */
  async registerParticipants(event: EventRow, participantIds: readonly string[], registration: ParticipantsRegistration): Promise<RegistrationRow[]> {
    const { now, alreadyRegistered, executor, teamId, claim = 'free' } = registration;
    const closed = this.events.closedReason(event, now, claim);
    if (closed) throw new ConflictException(closed);
    try {
      const status = event.requiresApproval ? 'pending' : 'approved';
      const seatClaim = this.events.seatClaim(event.id, event.eventType, now, claim);
      const rows = await this.registrations.insertWithSeat({ userIds: participantIds, status, teamId: teamId ?? null }, seatClaim, executor);
      if (rows.length === 0) throw new NoSeatTaken();
      return rows;
    } catch (error) {
      if (error instanceof NoSeatTaken) throw await this.noSeatConflict(event, now, claim, executor);
      throw staffParticipantRefusal(error) ?? uniqueConflict(error, { [ONE_PER_STUDENT]: { message: alreadyRegistered } }) ?? error;
    }
  }

  /** Every registration of the events (team members included), oldest application first: the admins' queues. */
  ofEvents(eventIds: readonly string[], executor?: Executor): Promise<RegistrationRow[]> {
    return this.registrations.findByEvents(eventIds, executor);
  }

  /**
   * Approves or rejects the pending registrations the students and teams name, in the caller's
   * transaction; answers the rows decided (already-decided ones are left as they are). A pending
   * registration holds its seat; a rejection gives it back, one per solo student and one per
   * team, in the same transaction as the status change. The seat row is locked before the
   * registrations, the order a registration takes them in, so rejections and new
   * registrations take turns and `taken` stays exact.
   */
  async decide(eventId: string, chosen: Chosen, status: Decision, executor: Executor): Promise<RegistrationRow[]> {
    if (status === 'rejected') await this.events.lockSeats(eventId, executor);
    const decided = await this.registrations.decidePending(eventId, chosen, status, executor);
    if (status === 'rejected') await this.events.releaseSeats(eventId, seatsHeldBy(decided), executor);
    return decided;
  }

  /** The student's registration for the event that holds a seat (pending or approved), if any: their own or their team's. */
  async seatOfStudent(eventId: string, userId: string, executor?: Executor): Promise<RegistrationRow | undefined> {
    return this.registrations.findStandingOfStudent(eventId, userId, executor);
  }

  /**
   * Deletes the standing registrations of a solo student or of a whole team for the event, in the
   * caller's transaction (after `EventsService.lockSeats`), answering the rows deleted and how
   * many seats they held. The seats are the caller's to give back, to the waitlist first.
   */
  async cancel(eventId: string, whose: CancelledSeat, executor: Executor): Promise<{ rows: RegistrationRow[]; seats: number }> {
    const rows = await this.registrations.deleteStanding(eventId, whose, executor);
    return { rows, seats: seatsHeldBy(rows) };
  }

  /** The event's registrations that hold a seat (pending or approved), oldest first: the students expected on the day. */
  standingOf(eventId: string, executor?: Executor): Promise<RegistrationRow[]> {
    return this.registrations.findStanding(eventId, executor);
  }

  /** The registrations a ticket stands for, when they still hold their seat: one solo student, or a team's members. */
  holdersOf(ticketCode: string): Promise<RegistrationRow[]> {
    return this.registrations.findStandingByTicket(ticketCode);
  }

  /**
   * Marks attendance on the event day (the caller checks who may and when): students not holding
   * a seat are left alone, and so is a student already marked as asked. Answers how many changed.
   */
  markPresence(eventId: string, marks: readonly PresenceMark[], executor?: Executor): Promise<number> {
    return this.registrations.markPresence(eventId, marks, this.clock.now(), executor);
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

  /** Whether the student is registered for any event (pending, approved or rejected), read in the caller's transaction. */
  hasRegistrations(userId: string, executor: Executor): Promise<boolean> {
    return this.registrations.existsForUser(userId, executor);
  }

  /** The claim found no seat: the live row says whether the event closed or filled up meanwhile. */
  private async noSeatConflict(event: EventRow, now: Date, claim: SeatClaimKind, executor?: Executor): Promise<ConflictException> {
    const current = await this.events.getRow(event.id, executor);
    return new ConflictException(this.events.closedReason(current, now, claim) ?? 'Registration Full - All spots have been taken');
  }
}
