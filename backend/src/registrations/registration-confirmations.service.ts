import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { ScheduledJob } from '../common/scheduled-job.js';
import { DatabaseService, type Executor } from '../database/database.service.js';
import { JobRuns } from '../database/job-runs.js';
import type { RegistrationRow } from '../database/schema/registrations.js';
import { EventsService } from '../events/events.service.js';
import { FestivalSettingsService } from '../settings/festival-settings.service.js';
import { RegistrationMailer } from './registration-mailer.js';
import { type RegistrationMail, registrationConfirmedMail } from './registrations.mails.js';
import { RegistrationsRepository } from './registrations.repository.js';

/** How often new registrations are confirmed: a student's e-mail follows their registration within this. */
const EVERY_TWO_SECONDS = 2000;
/** Registrations confirmed per transaction: a rush's minute drains in a few of them. */
const BATCH = 200;

/**
 * Confirmation e-mails, one per new registration (solo, each member of a team, a seat taken
 * from the waitlist): this job claims the registrations not confirmed yet in batches and puts
 * their e-mails, each with the event's calendar invite, in the outbox in the same transaction.
 * Registering stays the one statement a rush depends on, instead of three; a registration whose
 * instance died right after its commit is still confirmed; several instances share the work
 * through the claim. A registration rejected before its turn is stamped without an e-mail.
 */
@Injectable()
export class RegistrationConfirmationsService {
  private readonly runs = new JobRuns(new Logger(RegistrationConfirmationsService.name), 'Registration confirmations paused');

  constructor(
    private readonly registrations: RegistrationsRepository,
    private readonly events: EventsService,
    private readonly mailer: RegistrationMailer,
    private readonly database: DatabaseService,
    private readonly clock: Clock,
    private readonly settings: FestivalSettingsService,
  ) {}

  /** Confirms every registration waiting for it, a batch per transaction; answers how many. Overlapping runs in one process are skipped. */
  @ScheduledJob('confirm-registrations', EVERY_TWO_SECONDS)
  confirmNew(): Promise<number> {
    // A claim commits with its e-mails: what was not confirmed is claimed again once the database is back.
    return this.runs.run(async (progress) => {
      // The calendar invites attached read the festival's event length: the one in force now.
      await this.settings.refresh();
      let batch: number;
      do {
        batch = await this.database.transaction((tx) => this.confirmBatch(tx));
        progress.done += batch;
      } while (batch === BATCH);
    });
  }

  private async confirmBatch(tx: Executor): Promise<number> {
    const now = this.clock.now();
    const claimed = await this.registrations.claimUnconfirmed(BATCH, now, tx);
    const told = claimed.filter((row) => row.status !== 'rejected');
    const events = await this.events.findByIds([...new Set(told.map((row) => row.eventId))], tx);
    const eventOf = new Map(events.map((event) => [event.id, event]));
    const confirm = (mail: RegistrationMail, row: RegistrationRow) => registrationConfirmedMail(mail, row.status === 'pending');
    // An approved registration's e-mail carries its ticket; a pending one's waits for the approval's.
    await this.mailer.queue(
      told,
      (row) => eventOf.get(row.eventId),
      confirm,
      now,
      tx,
      (row) => row.status === 'approved',
    );
    return claimed.length;
  }
}
