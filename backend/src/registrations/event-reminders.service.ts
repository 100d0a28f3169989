import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { ScheduledJob } from '../common/scheduled-job.js';
import { DatabaseService } from '../database/database.service.js';
import { JobRuns } from '../database/job-runs.js';
import type { EventRow } from '../database/schema/events.js';
import type { RegistrationRow } from '../database/schema/registrations.js';
import { EventsService } from '../events/events.service.js';
import { UsersService } from '../users/users.service.js';
import { RegistrationMailer } from './registration-mailer.js';
import { eventReminderMail, type RegistrationMail } from './registrations.mails.js';
import { RegistrationsRepository } from './registrations.repository.js';

/** How often the job looks for tomorrow's events: a registration made the day before is reminded within this. */
const EVERY_TEN_MINUTES = 10 * 60 * 1000;

/**
 * The day-before reminders: each student holding a place in an event that takes place
 * tomorrow (the festival's day) gets one e-mail with the event's calendar invite, unless they turned
 * reminders off. Each event's reminders are claimed and queued in one transaction, the claim
 * one statement, so several instances running the job at once send each reminder once.
 */
@Injectable()
export class EventRemindersService {
  private readonly runs = new JobRuns(new Logger(EventRemindersService.name), 'Event reminders paused');

  constructor(
    private readonly registrations: RegistrationsRepository,
    private readonly events: EventsService,
    private readonly users: UsersService,
    private readonly mailer: RegistrationMailer,
    private readonly database: DatabaseService,
    private readonly clock: Clock,
  ) {}

  /** Queues the reminders due now; answers how many. Overlapping runs in one process are skipped. */
  @ScheduledJob('event-reminders', EVERY_TEN_MINUTES)
  remindTomorrow(): Promise<number> {
    // Nothing is claimed without its e-mail: the next run after the database returns picks the rest up.
    return this.runs.run(async (progress) => {
      const now = this.clock.now();
      for (const event of await this.events.takingPlaceTomorrow(now)) progress.done += await this.remind(event, now);
    });
  }

  /** One event's unclaimed reminders, claimed and put in the outbox together. */
  private remind(event: EventRow, now: Date): Promise<number> {
    return this.database.transaction(async (tx) => {
      const claimed = await this.registrations.claimReminders(event.id, this.users.remindedAccounts(), now, tx);
      const time = event.eventDate ? this.events.festivalClock.hoursInWords(event.eventDate, event.eventEndDate) : '';
      const remind = (mail: RegistrationMail, row: RegistrationRow) => eventReminderMail({ ...mail, time, venue: event.venue }, row.status === 'pending');
      // The ticket comes again with the reminder: the e-mail a student opens at the door is the latest.
      await this.mailer.queue(
        claimed,
        () => event,
        remind,
        now,
        tx,
        (row) => row.status === 'approved',
      );
      return claimed.length;
    });
  }
}
