/** A day of 24 hours: the length of most days; `FestivalClock.endOfDay` counts the others. */
export const DAY = 24 * 60 * 60 * 1000;
/** The time zone a festival is in until its settings name another (FESTIVAL_TIME_ZONE on a first start). */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

/**
 * Whether the runtime knows the zone. Names are kept as given: the runtime's own canonical names
 * are older ones (`Asia/Calcutta` for `Asia/Kolkata`), which people do not recognise.
 */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * The festival's days and clock, in its time zone: deadlines, event dates, the event day's work and
 * the dashboards' days are counted there, and students' messages name its times. A zone may keep
 * daylight saving: a day's start is found, not assumed to be a fixed offset from UTC.
 */
export class FestivalClock {
  private readonly dayFormat: Intl.DateTimeFormat;
  private readonly timeFormat: Intl.DateTimeFormat;
  private readonly partsFormat: Intl.DateTimeFormat;
  private readonly dateWords: Intl.DateTimeFormat;
  private readonly clockWords: Intl.DateTimeFormat;
  private readonly zoneName: Intl.DateTimeFormat;

  constructor(readonly timeZone: string) {
    this.dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    this.timeFormat = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    this.partsFormat = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      ...{ year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' },
    });
    this.dateWords = new Intl.DateTimeFormat('en-IN', { timeZone, day: 'numeric', month: 'long', year: 'numeric' });
    this.clockWords = new Intl.DateTimeFormat('en-IN', { timeZone, hour: 'numeric', minute: '2-digit', hour12: true });
    this.zoneName = new Intl.DateTimeFormat('en-IN', { timeZone, timeZoneName: 'short' });
  }

  /** `2026-12-20`: the festival's day `at` falls on, as the settings' days are written. */
  day(at: Date | number): string {
    return this.dayFormat.format(at);
  }

  /** The instant a `2026-12-20` day starts in the festival's zone (NaN for no such day). */
  midnightOf(day: string): number {
    return this.instantOfWallTime(Date.parse(`${day}T00:00:00Z`));
  }

  /** The start of the festival's day `at` falls on. */
  midnight(at: Date | number): number {
    return this.midnightOf(this.day(at));
  }

  /** When a `2026-12-20` day is over: the start of the next (a day is not always 24 hours long). */
  endOfDay(day: string): number {
    return this.midnightOf(dayAfter(day));
  }

  /** The festival's day after the one `at` falls on, from its start (included) to the next day's (excluded). */
  nextDay(at: Date): { from: Date; to: Date } {
    const tomorrow = dayAfter(this.day(at));
    return { from: new Date(this.midnightOf(tomorrow)), to: new Date(this.endOfDay(tomorrow)) };
  }

  /** `2026-12-20 09:30`: the day and time in the festival's zone, for the admins' exports. */
  dateTime(at: Date): string {
    return `${this.day(at)} ${this.timeFormat.format(at)}`;
  }

  /** `IST`: the zone's short name at `at` (a zone with daylight saving has two). */
  label(at: Date | number = Date.now()): string {
    return this.zoneName.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? this.timeZone;
  }

  /**
   * `IST`: what a column or a hint calls the zone. A zone whose short name changes with the seasons
   * (`GMT`, `GMT+1`) is called by its full name (`Europe/London`), true all year.
   */
  get name(): string {
    const year = new Date().getUTCFullYear();
    const winter = this.label(Date.UTC(year, 0, 1));
    return winter === this.label(Date.UTC(year, 6, 1)) ? winter : this.timeZone;
  }

  /** `20 August 2025`: a day in words, for students' messages and e-mails. */
  dateInWords(at: Date): string {
    return this.dateWords.format(at);
  }

  /** `20 August 2025, 10:00 pm IST`. Day and time are formatted apart, so the joining word does not change with the runtime's locale data. */
  momentInWords(at: Date): string {
    return `${this.dateInWords(at)}, ${this.timeInWords(at)}`;
  }

  /** `at 10:00 am IST`, or `from 10:00 am to 11:30 am IST` for an event with a set end: when it happens, as a sentence says it. */
  hoursInWords(start: Date, end: Date | null): string {
    return end ? `from ${this.clockWords.format(start)} to ${this.timeInWords(end)}` : `at ${this.timeInWords(start)}`;
  }

  /**
   * Why the event day's work (attendance, check-in at the door, winners) cannot be done at `now`:
   * it is done on or after the event's date, counted in the festival's days (an event at 9:00 is
   * marked from that day's midnight, not from 9:00); nothing when it can.
   */
  eventDayRefusal(eventDate: Date | null, now: Date): string | undefined {
    if (!eventDate) return 'This event has no date yet.';
    if (this.day(now) < this.day(eventDate)) return 'Attendance can be marked only on the event date.';
    return undefined;
  }

  /** `10:00 pm IST`: a time, with its zone named, so nobody reads it as their phone's time. */
  private timeInWords(at: Date): string {
    return `${this.clockWords.format(at)} ${this.label(at)}`;
  }

  /** How far the zone's clock is ahead of UTC at `at`. */
  private offsetAt(at: number): number {
    const parts = Object.fromEntries(this.partsFormat.formatToParts(at).map((part) => [part.type, Number(part.value)]));
    return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) - Math.floor(at / 1000) * 1000;
  }

  /**
   * The instant the zone's clock reads `wall` (a wall-clock time written as if it were UTC). The
   * offset is read twice, the second time at the first guess, so a day that changes the clock is
   * counted with the offset in force at that moment.
   */
  private instantOfWallTime(wall: number): number {
    if (Number.isNaN(wall)) return NaN;
    const guess = wall - this.offsetAt(wall);
    return wall - this.offsetAt(guess);
  }
}

/** `2026-12-21` for `2026-12-20`: the calendar's next day, across months and years. */
const dayAfter = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) + DAY).toISOString().slice(0, 10);

const clocks = new Map<string, FestivalClock>();

/** The clock of a zone, built once: its formats are costly to make and used on every request. */
export function festivalClock(timeZone: string): FestivalClock {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new FestivalClock(timeZone);
    clocks.set(timeZone, clock);
  }
  return clock;
}
