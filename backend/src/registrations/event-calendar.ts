import { createHash } from 'node:crypto';
import { FESTIVAL_TIME_ZONE } from '../events/festival-calendar.service.js';

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

/** The festival's days and times are India's: one zone, +05:30 all year (no daylight saving). */
const TIME_ZONE = FESTIVAL_TIME_ZONE;
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const CRLF = '\r\n';
/** RFC 5545 §3.1: a content line is folded at 75 octets; each continuation begins with one space. */
const LINE_OCTETS = 75;

const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${TIME_ZONE}`,
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0530',
  'TZOFFSETTO:+0530',
  'TZNAME:IST',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** `20261220T093000`: the date-time's digits without separators, as the ISO string gives them. */
const digits = (iso: string) => iso.slice(0, 19).replace(/[-:]/g, '');
/** A UTC date-time, `20261220T040000Z` (DTSTAMP must be UTC). */
const utcDateTime = (at: Date) => `${digits(at.toISOString())}Z`;
/** The wall-clock time in India, for a DTSTART/DTEND with TZID. */
const indiaDateTime = (at: Date) => digits(new Date(at.getTime() + INDIA_OFFSET_MS).toISOString());

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

/** A VCALENDAR with the event's one VEVENT, its times in India's zone, ready to attach or download. */
export function eventCalendar(invite: CalendarInvite): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Campus Festival//Registrations//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...VTIMEZONE,
    'BEGIN:VEVENT',
    `UID:${invite.uid}`,
    `DTSTAMP:${utcDateTime(invite.stamp)}`,
    `LAST-MODIFIED:${utcDateTime(invite.modified)}`,
    `SEQUENCE:${Math.floor(invite.modified.getTime() / 1000)}`,
    `DTSTART;TZID=${TIME_ZONE}:${indiaDateTime(invite.start)}`,
    `DTEND;TZID=${TIME_ZONE}:${indiaDateTime(invite.end)}`,
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
