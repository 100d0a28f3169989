import { describe, expect, it } from 'vitest';
import { toSlug } from './slug';

describe('toSlug', () => {
  it('lowercases and turns spaces into hyphens', () => {
    expect(toSlug('Treasure Hunt')).toBe('treasure-hunt');
  });

  it('removes every character other than letters, digits and hyphens', () => {
    expect(toSlug("Readers' Club: Quiz #2!")).toBe('readers-club-quiz-2');
  });

  it('keeps existing hyphens and digits', () => {
    expect(toSlug('Code-a-thon 2025')).toBe('code-a-thon-2025');
  });

  it('turns a run of spaces into one hyphen and ignores surrounding spaces', () => {
    expect(toSlug('  Battle   of  Bands ')).toBe('battle-of-bands');
  });

  it('leaves a hyphen on each side of a removed symbol', () => {
    expect(toSlug('Art & Craft')).toBe('art--craft');
  });

  it('drops letters outside a-z', () => {
    expect(toSlug('Café Ñight')).toBe('caf-ight');
  });
});
