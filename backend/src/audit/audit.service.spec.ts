import { changedFields } from './audit.service.js';

describe('changedFields', () => {
  it('lists only the fields whose values differ, with both values', () => {
    const before = { name: 'Quiz', seats: 10, venue: null as string | null, rules: ['a'] };
    expect(changedFields(before, { name: 'Quiz', seats: 12, venue: 'Hall 2', rules: ['a'] })).toEqual({
      seats: { from: 10, to: 12 },
      venue: { from: null, to: 'Hall 2' },
    });
  });

  it('compares dates and arrays by value', () => {
    const when = new Date('2025-08-30T04:30:00Z');
    expect(changedFields({ at: when, rules: ['a', 'b'] }, { at: new Date(when), rules: ['a', 'b'] })).toEqual({});
    expect(changedFields({ rules: ['a', 'b'] }, { rules: ['b', 'a'] })).toEqual({ rules: { from: ['a', 'b'], to: ['b', 'a'] } });
  });
});
