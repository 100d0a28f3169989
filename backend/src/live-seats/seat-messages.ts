import type { SeatCount } from '../events/events.service.js';

/**
 * The stream's messages in the text/event-stream format: a named event, its JSON on one `data`
 * line, a blank line. Each is built once and written to every watcher as it is.
 */
function message(name: 'snapshot' | 'seats', json: string): string {
  return `event: ${name}\ndata: ${json}\n\n`;
}

/** A comment line: the browser ignores it, proxies see the connection is alive. */
export const HEARTBEAT = ': keep-alive\n\n';

/** Every event's seats as last read, by event id, each as its JSON. */
export type SeatReading = Map<string, string>;

export function readingOf(counts: SeatCount[]): SeatReading {
  return new Map(counts.map((count) => [count.id, JSON.stringify(count)]));
}

/** The message a new watcher starts from: every event's seats. */
export function snapshotMessage(reading: SeatReading): string {
  return message('snapshot', `[${[...reading.values()].join(',')}]`);
}

/**
 * One `seats` message per event whose seats differ from the reading before (an event created
 * since counts as changed), together as one chunk; empty when nothing changed. A deleted event
 * says nothing: the page drops it with its next read of the list.
 */
export function changeMessages(before: SeatReading, after: SeatReading): string {
  let messages = '';
  for (const [id, json] of after) if (before.get(id) !== json) messages += message('seats', json);
  return messages;
}
