import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import type { Executor } from '../database/database.service.js';
import type { EventRow } from '../database/schema/events.js';
import { RegistrationMailer } from './registration-mailer.js';
import { eventChangedMail } from './registrations.mails.js';
import { RegistrationsRepository } from './registrations.repository.js';

/** What a registrant must hear about: when and where. A new name or description is read on the event's page. */
const WHEN_AND_WHERE = ['eventDate', 'eventEndDate', 'venue'] as const satisfies readonly (keyof EventRow)[];

/** Dates by their instant (two reads of one date are two objects), texts and nulls as they are. */
function sameValue(a: Date | string | null, b: Date | string | null): boolean {
  return a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;
}

/**
 * When an event's date, time or venue changes, every student holding a place in it (pending or
 * approved; a team's members each) is e-mailed in the change's transaction, with the calendar
 * invite again: the seat's UID, a higher SEQUENCE (the event's new `updatedAt`), so a calendar
 * moves its entry instead of adding one.
 */
@Injectable()
export class EventChangeNoticesService {
  constructor(
    private readonly registrations: RegistrationsRepository,
    private readonly mailer: RegistrationMailer,
    private readonly clock: Clock,
  ) {}

  /** Answers how many students were told (none when neither the time nor the place changed). */
  async tellRegistrants(before: EventRow, after: EventRow, tx: Executor): Promise<number> {
    const changed = WHEN_AND_WHERE.filter((field) => !sameValue(before[field], after[field]));
    if (changed.length === 0) return 0;
    const holding = await this.registrations.findStanding(after.id, tx);
    const when = this.mailer.whenOf(after);
    const what = changed.includes('venue') && changed.length === 1 ? 'venue' : changed.includes('venue') ? 'time and venue' : 'time';
    await this.mailer.queue(
      holding,
      () => after,
      (mail) => eventChangedMail({ ...mail, what, when, venue: after.venue }),
      this.clock.now(),
      tx,
    );
    return holding.length;
  }
}
