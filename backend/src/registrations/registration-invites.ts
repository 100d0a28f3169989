import { Inject, Injectable } from '@nestjs/common';
import { slug } from '../common/download.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { EventRow } from '../database/schema/events.js';
import type { MailAttachment } from '../database/schema/mail.js';
import type { RegistrationRow } from '../database/schema/registrations.js';
import { eventSpan } from '../events/festival-calendar.service.js';
import { FestivalSettingsService } from '../settings/festival-settings.service.js';
import { CALENDAR_CONTENT_TYPE, eventCalendar, seatUid } from './event-calendar.js';

/** A registration's calendar invite: the file and the name it is saved under. */
export interface RegistrationInvite {
  fileName: string;
  calendar: string;
}

/** The client's page of a student's registrations and tickets. */
const MY_REGISTRATIONS_PATH = '/my-registrations';

/**
 * Calendar invites of registrations, the same whether downloaded from My Registrations or
 * attached to the confirmation and the reminder: one UID per seat, the event's page and My
 * Registrations under PUBLIC_URL, the event's length from the festival rules.
 */
@Injectable()
export class RegistrationInvites {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly settings: FestivalSettingsService,
  ) {}

  /** My Registrations' address, where the student's tickets are. */
  get myRegistrationsUrl(): string {
    return new URL(MY_REGISTRATIONS_PATH, this.config.publicUrl).toString();
  }

  /** The invite for the registration's event, made at `now`; none while the event has no date. */
  inviteFor(event: EventRow, registration: RegistrationRow, now: Date): RegistrationInvite | undefined {
    const span = eventSpan(event, this.settings.current.rules.eventLengthMinutes);
    if (!span) return undefined;
    const organiser = event.clubInCharge ? `Organised by ${event.clubInCharge}.\n` : '';
    const calendar = eventCalendar({
      uid: seatUid(registration.ticketCode, this.config.publicUrl.hostname),
      stamp: now,
      modified: event.updatedAt,
      start: span.start,
      end: span.end,
      summary: event.name,
      location: event.venue,
      description: `${organiser}Your ticket for the door is on My Registrations: ${this.myRegistrationsUrl}`,
      url: new URL(`/event/${event.id}`, this.config.publicUrl).toString(),
    });
    return { fileName: `${slug(event.name, 'event')}.ics`, calendar };
  }

  /** The same invite as an e-mail's attachment. */
  attachmentFor(event: EventRow, registration: RegistrationRow, now: Date): MailAttachment | undefined {
    const invite = this.inviteFor(event, registration, now);
    return invite && { filename: invite.fileName, contentType: CALENDAR_CONTENT_TYPE, content: invite.calendar };
  }
}
