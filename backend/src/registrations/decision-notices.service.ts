import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import type { Executor } from '../database/database.service.js';
import type { EventRow } from '../database/schema/events.js';
import type { RegistrationRow } from '../database/schema/registrations.js';
import { RegistrationMailer } from './registration-mailer.js';
import type { RegistrationDecision } from './registrations.dto.js';
import { registrationDecisionMail } from './registrations.mails.js';

/**
 * A club's decision on pending registrations, told to each student it concerns (a team's members
 * each) in the decision's transaction: an approval with the ticket and the calendar invite, a
 * rejection with the organisers' reason when they gave one.
 */
@Injectable()
export class DecisionNoticesService {
  constructor(
    private readonly mailer: RegistrationMailer,
    private readonly clock: Clock,
  ) {}

  tellDecided(event: EventRow, rows: readonly RegistrationRow[], decision: RegistrationDecision, tx: Executor): Promise<void> {
    const approved = decision.status === 'approved';
    return this.mailer.queue(
      rows,
      () => event,
      (mail) => registrationDecisionMail(mail, decision),
      this.clock.now(),
      tx,
      () => approved,
    );
  }
}
