import { changeMessages, readingOf, snapshotMessage } from './seat-messages.js';

const count = (id: string, actualSeatsTaken: number, maxApplications: number | null = 10) => ({
  id,
  maxApplications,
  actualSeatsTaken,
  availableSeats: maxApplications === null ? null : maxApplications - actualSeatsTaken,
});

describe('seat messages', () => {
  it('a snapshot carries every event on one data line, ended by a blank line', () => {
    const message = snapshotMessage(readingOf([count('a', 1), count('b', 0, null)]));
    expect(message.endsWith('\n\n')).toBe(true);
    const [event, data] = message.trimEnd().split('\n');
    expect(event).toBe('event: snapshot');
    expect(JSON.parse(data.slice('data: '.length))).toEqual([count('a', 1), count('b', 0, null)]);
  });

  it('says only what changed, one message per event, new events included', () => {
    const before = readingOf([count('a', 1), count('b', 2)]);
    const after = readingOf([count('a', 1), count('b', 3), count('c', 0)]);
    const messages = changeMessages(before, after).split('\n\n').filter(Boolean);
    expect(messages.map((m) => JSON.parse(m.split('\ndata: ')[1]) as unknown)).toEqual([count('b', 3), count('c', 0)]);
    expect(messages.every((m) => m.startsWith('event: seats\n'))).toBe(true);
  });

  it('says nothing when nothing changed or an event was deleted', () => {
    expect(changeMessages(readingOf([count('a', 1), count('b', 2)]), readingOf([count('a', 1)]))).toBe('');
  });
});
