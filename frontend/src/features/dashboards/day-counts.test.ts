import { describe, expect, it } from 'vitest';
import { everyDay } from './day-counts';

describe('everyDay', () => {
  it('fills the days between the first and the last with 0, across a month and a year', () => {
    expect(
      everyDay([
        { day: '2026-12-30', count: 4 },
        { day: '2027-01-02', count: 1 },
      ]),
    ).toEqual([
      { day: '2026-12-30', count: 4 },
      { day: '2026-12-31', count: 0 },
      { day: '2027-01-01', count: 0 },
      { day: '2027-01-02', count: 1 },
    ]);
  });

  it('keeps a single day, and nothing stays nothing', () => {
    expect(everyDay([{ day: '2026-11-21', count: 39 }])).toEqual([{ day: '2026-11-21', count: 39 }]);
    expect(everyDay([])).toEqual([]);
  });
});
