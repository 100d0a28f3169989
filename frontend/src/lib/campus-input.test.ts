import { describe, expect, it } from 'vitest';
import { fromCampusInput, toCampusInput } from './campus-input';
import { setFestivalTimeZone } from './festival-zone';

describe('campus date-time inputs', () => {
  it('are in India by default', () => {
    expect(toCampusInput('2026-12-20T04:30:00.000Z')).toBe('2026-12-20T10:00');
    expect(fromCampusInput('2026-12-20T10:00')).toBe('2026-12-20T04:30:00.000Z');
  });

  it("are in the festival's zone, with its summer time", () => {
    setFestivalTimeZone('America/New_York');
    expect(toCampusInput('2026-07-20T14:00:00.000Z')).toBe('2026-07-20T10:00');
    expect(toCampusInput('2026-12-20T15:00:00.000Z')).toBe('2026-12-20T10:00');
    expect(fromCampusInput('2026-07-20T10:00')).toBe('2026-07-20T14:00:00.000Z');
    expect(fromCampusInput('2026-12-20T10:00')).toBe('2026-12-20T15:00:00.000Z');
  });

  it('are empty for no date, and none for an empty or broken input', () => {
    expect(toCampusInput(null)).toBe('');
    expect(fromCampusInput('')).toBeNull();
    expect(fromCampusInput('2026-13-45T99:00')).toBeNull();
  });
});
