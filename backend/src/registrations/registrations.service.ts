import { BadRequestException, ConflictException, ForbiddenException, Injectable } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import type { SessionUser } from '../common/session-user.js';
import { PostgresErrorCode, postgresError } from '../database/postgres-errors.js';
import type { EventRow } from '../database/schema/events.js';
import { EventsService } from '../events/events.service.js';
import { type RegistrationResponse, toRegistrationResponse } from './registration.response.js';
import { RegistrationsRepository } from './registrations.repository.js';

/** No seat could be taken: the event filled up, closed or passed its deadline meanwhile. */
class NoSeat extends Error {}

@Injectable()
export class RegistrationsService {
  constructor(
    private readonly registrations: RegistrationsRepository,
    private readonly events: EventsService,
    private readonly clock: Clock,
  ) {}

  /**
   * Registers a student for an individual event: a solo one, or a workshop, competition, seminar
   * or other event that students attend one by one (only group events take teams). The registration row and the seat are taken in one
   * statement: the conditional seat update refuses a full, closed or late registration, and the
   * unique (event, student) pair refuses a repeat; either way nothing is kept.
   */
  async registerSolo(student: SessionUser, eventId: string, studentId: string): Promise<{ message: string; registration: RegistrationResponse }> {
    if (student.role !== 'student') throw new ForbiddenException('Admin Account - Admins cannot register for events');
    if (studentId !== student.id) throw new ForbiddenException('You can only register yourself.');
    const now = this.clock.now();
    const event = await this.events.getRecent(eventId);
    if (event.eventType === 'group') throw new BadRequestException(`${event.name} is a team event. Form a team on its page to register.`);
    const notYet = this.events.closedReason(event, now);
    if (notYet) throw new ConflictException(notYet);

    try {
      const status = event.requiresApproval ? 'pending' : 'approved';
      const registration = await this.registrations.insertWithSeat(student.id, status, this.events.seatClaim(event.id, event.eventType, now));
      if (!registration) throw new NoSeat();
      return { message: `Successfully registered for ${event.name}!`, registration: toRegistrationResponse(registration, event) };
    } catch (error) {
      throw await this.explain(error, event, now);
    }
  }

  async listForStudent(userId: string): Promise<RegistrationResponse[]> {
    const rows = await this.registrations.findByUser(userId);
    const events = new Map((await this.events.findByIds(rows.map((row) => row.eventId))).map((event) => [event.id, event]));
    return rows.map((row) => toRegistrationResponse(row, events.get(row.eventId)!));
  }

  /** Turns a refused registration into the answer the student sees. */
  private async explain(error: unknown, event: EventRow, now: Date): Promise<unknown> {
    if (postgresError(error)?.code === PostgresErrorCode.UniqueViolation) {
      return new ConflictException(`You are already registered for ${event.name}.`);
    }
    if (error instanceof NoSeat) {
      const current = await this.events.getRow(event.id);
      return new ConflictException(this.events.closedReason(current, now) ?? 'Registration Full - All spots have been taken');
    }
    return error;
  }
}
