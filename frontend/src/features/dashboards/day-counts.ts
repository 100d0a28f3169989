import type { DayCount } from './charts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Every day from the first to the last, those without registrations at 0. The server sends only
 * days that had some, each a calendar day in the festival's time zone ("2025-08-20"); they are
 * stepped through as calendar dates (read at UTC midnight), so the browser's own zone cannot shift
 * or merge them.
 */
export function everyDay(days: DayCount[]): DayCount[] {
  if (days.length === 0) return [];
  const counts = new Map(days.map(({ day, count }) => [day, count]));
  const sorted = [...counts.keys()].sort();
  const last = Date.parse(`${sorted[sorted.length - 1]}T00:00:00Z`);
  const filled: DayCount[] = [];
  for (let time = Date.parse(`${sorted[0]}T00:00:00Z`); time <= last; time += DAY_MS) {
    const day = new Date(time).toISOString().slice(0, 10);
    filled.push({ day, count: counts.get(day) ?? 0 });
  }
  return filled;
}
