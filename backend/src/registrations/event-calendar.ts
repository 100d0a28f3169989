import { createHash } from 'node:crypto';

/** An event as a calendar invite shows it (RFC 5545): what, when, where, and where to read more. */
export interface CalendarInvite {
  /** Stable per seat, so a second invite for it (the reminder's) updates the entry instead of adding one. */
  uid: string;
  /** When the invite was made. */
  stamp: Date;
  /**
   * When the event was last changed: its LAST-MODIFIED, and its SEQUENCE in whole seconds, so an
   * invite sent after a change (a moved date, a new venue) outranks the one before and a
   * calendar holding that UID updates its entry (RFC 5546 §2.1.4).
   */
  modified: Date;
  start: Date;
  /** Its end, or the festival's event length after the start for an event without one (`eventSpan`). */
  end: Date;
  summary: string;
  location: string | null;
  description: string;
  url: string;
}

const CRLF = '\r\n';
/** RFC 5545 §3.1: a content line is folded at 75 octets; each continuation begins with one space. */
const LINE_OCTETS = 75;

/**
 * A UTC date-time, `20261220T040000Z`. The event's times are written in UTC too: exact in any
 * festival time zone, daylight saving or not, and shown by every calendar in its owner's clock
 * (a time with a TZID would need the zone's rules written out beside it).
 */
const utcDateTime = (at: Date) => `${at.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

/** A TEXT value (RFC 5545 §3.3.11): backslashes, semicolons, commas and line breaks escaped. */
function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** One content line, folded into pieces of at most 75 octets without splitting a UTF-8 character. */
function foldLine(line: string): string {
  const pieces: string[] = [];
  let piece = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    // The first piece holds 75 octets; each continuation holds 74 after its leading space.
    const limit = pieces.length === 0 ? LINE_OCTETS : LINE_OCTETS - 1;
    if (octets + size > limit) {
      pieces.push(piece);
      piece = '';
      octets = 0;
    }
    piece += char;
    octets += size;
  }
  pieces.push(piece);
  return pieces.join(`${CRLF} `);
}

/** A VCALENDAR with the event's one VEVENT, ready to attach or download. */
export function eventCalendar(invite: CalendarInvite): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Campus Festival//Registrations//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${invite.uid}`,
    `DTSTAMP:${utcDateTime(invite.stamp)}`,
    `LAST-MODIFIED:${utcDateTime(invite.modified)}`,
    `SEQUENCE:${Math.floor(invite.modified.getTime() / 1000)}`,
    `DTSTART:${utcDateTime(invite.start)}`,
    `DTEND:${utcDateTime(invite.end)}`,
    `SUMMARY:${escapeText(invite.summary)}`,
    ...(invite.location ? [`LOCATION:${escapeText(invite.location)}`] : []),
    `DESCRIPTION:${escapeText(invite.description)}`,
    `URL:${invite.url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/**
 * The invite's UID for a seat: derived from its ticket (a team's members share one) without
 * showing the ticket's code, which is what opens the door; the host names whose it is.
 */
export function seatUid(ticketCode: string, host: string): string {
  return `${createHash('sha256').update(ticketCode).digest('hex').slice(0, 32)}@${host}`;
}

/** The file says METHOD:PUBLISH; mail programs read the method from the content type (RFC 6047 §2.4), so it is there too. */
export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8; method=PUBLISH';
