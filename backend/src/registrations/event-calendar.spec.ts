import { CALENDAR_CONTENT_TYPE, type CalendarInvite, eventCalendar, seatUid } from './event-calendar.js';

/** The calendar's content lines as a reader sees them: CRLF-separated, continuation lines (leading space) joined back. */
function unfold(calendar: string): string[] {
  return calendar.replace(/\r\n /g, '').split('\r\n').slice(0, -1);
}

/** A property of the VEVENT, its parameters and value, by name, from the unfolded lines. */
function property(calendar: string, name: string): string | undefined {
  const lines = unfold(calendar);
  const line = lines.slice(lines.indexOf('BEGIN:VEVENT')).find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));
  return line?.slice(name.length);
}

/** A TEXT value read back as a calendar program reads it. */
const unescapeText = (value: string) => value.replace(/\\(n|N|\\|;|,)/g, (_all, c: string) => (c === 'n' || c === 'N' ? '\n' : c));

const invite = (overrides: Partial<CalendarInvite> = {}): CalendarInvite => ({
  uid: 'abc123@fest.example.ac.in',
  stamp: new Date('2026-12-01T08:15:30Z'),
  modified: new Date('2026-11-20T06:00:05.750Z'),
  // 09:30 in India.
  start: new Date('2026-12-20T04:00:00Z'),
  end: new Date('2026-12-20T06:00:00Z'),
  summary: 'Code Sprint',
  location: 'Main Hall',
  description: 'Organised by Tech Club.',
  url: 'https://fest.example.ac.in/event/1f0e',
  ...overrides,
});

describe('eventCalendar', () => {
  it('is one VCALENDAR with one VEVENT and no time zone of its own, every line ended by CRLF', () => {
    const calendar = eventCalendar(invite());
    expect(calendar.endsWith('\r\n')).toBe(true);
    expect(calendar.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = unfold(calendar);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines.filter((l) => l.includes('TIMEZONE') || l.includes('TZID'))).toEqual([]);
  });

  it('starts and ends at the exact instants, in UTC like the stamp, for a calendar to show in its own clock', () => {
    const calendar = eventCalendar(invite({ end: new Date('2026-12-20T06:30:00Z') }));
    expect(property(calendar, 'DTSTART')).toBe(':20261220T040000Z');
    expect(property(calendar, 'DTEND')).toBe(':20261220T063000Z');
    expect(property(calendar, 'DTSTAMP')).toBe(':20261201T081530Z');
    expect(property(calendar, 'UID')).toBe(':abc123@fest.example.ac.in');
  });

  it('crosses midnight into the next day', () => {
    const calendar = eventCalendar(invite({ start: new Date('2026-12-20T23:30:00Z'), end: new Date('2026-12-21T01:00:00Z') }));
    expect(property(calendar, 'DTSTART')).toBe(':20261220T233000Z');
    expect(property(calendar, 'DTEND')).toBe(':20261221T010000Z');
  });

  it('escapes commas, semicolons, backslashes and line breaks in text, which read back as written', () => {
    const summary = 'Quiz, Music; and C:\\Paths';
    const description = 'Organised by Tech Club.\nYour ticket, as ever; is on My Registrations.\r\nSee you!';
    const calendar = eventCalendar(invite({ summary, description, location: 'Hall A, Block 2; Floor 1' }));
    expect(property(calendar, 'SUMMARY')).toBe(':Quiz\\, Music\\; and C:\\\\Paths');
    expect(unescapeText(property(calendar, 'SUMMARY')!.slice(1))).toBe(summary);
    expect(unescapeText(property(calendar, 'DESCRIPTION')!.slice(1))).toBe(description.replace('\r\n', '\n'));
    expect(unescapeText(property(calendar, 'LOCATION')!.slice(1))).toBe('Hall A, Block 2; Floor 1');
    expect(property(calendar, 'URL')).toBe(':https://fest.example.ac.in/event/1f0e');
  });

  it('folds long lines at 75 octets without splitting a character, and unfolds to the value', () => {
    const description = `${'Organised by the Tamil Literary Club — தமிழ் இலக்கிய மன்றம். '.repeat(6)}End.`;
    const calendar = eventCalendar(invite({ description }));
    const physical = calendar.split('\r\n').slice(0, -1);
    for (const line of physical) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(physical.filter((line) => line.startsWith(' ')).length).toBeGreaterThan(3);
    // No replacement characters: every piece is whole UTF-8.
    expect(calendar).not.toContain('\uFFFD');
    expect(unescapeText(property(calendar, 'DESCRIPTION')!.slice(1))).toBe(description);
  });

  it('is published, in the file and in the content type a mail program reads the method from', () => {
    const lines = unfold(eventCalendar(invite()));
    // METHOD belongs to the calendar, before its components.
    expect(lines.indexOf('METHOD:PUBLISH')).toBeGreaterThan(0);
    expect(lines.indexOf('METHOD:PUBLISH')).toBeLessThan(lines.indexOf('BEGIN:VEVENT'));
    expect(CALENDAR_CONTENT_TYPE).toBe('text/calendar; charset=utf-8; method=PUBLISH');
  });

  it("carries the event's last change as LAST-MODIFIED and as a SEQUENCE in seconds, so an invite sent after a change outranks the earlier one", () => {
    const before = eventCalendar(invite());
    expect(property(before, 'LAST-MODIFIED')).toBe(':20261120T060005Z');
    expect(property(before, 'SEQUENCE')).toBe(`:${Math.floor(Date.parse('2026-11-20T06:00:05.750Z') / 1000)}`);

    // The event moved a second later: same UID, a higher SEQUENCE.
    const moved = eventCalendar(invite({ modified: new Date('2026-11-20T06:00:06.100Z'), start: new Date('2026-12-21T04:00:00Z') }));
    expect(property(moved, 'UID')).toBe(property(before, 'UID'));
    expect(Number(property(moved, 'SEQUENCE')!.slice(1))).toBeGreaterThan(Number(property(before, 'SEQUENCE')!.slice(1)));
    // Made again without a change (a later download, the reminder), the SEQUENCE stays: only the stamp moves.
    expect(property(eventCalendar(invite({ stamp: new Date('2026-12-19T03:30:00Z') })), 'SEQUENCE')).toBe(property(before, 'SEQUENCE'));
  });

  it('leaves LOCATION out when the event has no venue', () => {
    expect(property(eventCalendar(invite({ location: null })), 'LOCATION')).toBeUndefined();
  });
});

describe('seatUid', () => {
  it('is stable per ticket, differs between tickets, and does not show the ticket code', () => {
    const uid = seatUid('n3Jx0bq1Yd2d7cV1v0iZ8w', 'fest.example.ac.in');
    expect(uid).toBe(seatUid('n3Jx0bq1Yd2d7cV1v0iZ8w', 'fest.example.ac.in'));
    expect(uid).not.toBe(seatUid('other-ticket', 'fest.example.ac.in'));
    expect(uid).toMatch(/^[0-9a-f]{32}@fest\.example\.ac\.in$/);
    expect(uid).not.toContain('n3Jx0bq1Yd2d7cV1v0iZ8w');
  });
});
