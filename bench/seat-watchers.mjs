// Holds open seat streams (GET /api/v1/events/seats/stream) for the live-seats bench, as that many
// home pages would, in a process of its own so reading them does not slow the rush's load
// generator. Started with `fork(file, [port, count])`; speaks to its parent over IPC:
// it sends { ready, snapshots } once every stream has its snapshot, and answers
// { report: eventId } with what the pages show of that event and how many messages they read.
import http from 'node:http';

const [port, watcherCount] = process.argv.slice(2).map(Number);
/** Opened in batches, as pages arrive over a few moments rather than in one instant. */
const BATCH = 100;

/** One page's view: every event's seats taken, by id, as the stream last said. */
class Watcher {
  seats = new Map();
  messages = 0;
  bytes = 0;
  closed = false;
  #buffer = '';

  constructor(onSnapshot) {
    this.onSnapshot = onSnapshot;
  }

  open() {
    return new Promise((resolve, reject) => {
      const request = http.get({ host: '127.0.0.1', port, path: '/api/v1/events/seats/stream', agent: false }, (response) => {
        if (response.statusCode !== 200) reject(new Error(`the stream answered ${response.statusCode}`));
        response.setEncoding('utf8');
        response.on('data', (chunk) => this.#take(chunk));
        response.on('close', () => (this.closed = true));
        resolve();
      });
      request.on('error', reject);
      this.request = request;
    });
  }

  #take(chunk) {
    this.bytes += chunk.length;
    this.#buffer += chunk;
    for (let end = this.#buffer.indexOf('\n\n'); end >= 0; end = this.#buffer.indexOf('\n\n')) {
      const block = this.#buffer.slice(0, end);
      this.#buffer = this.#buffer.slice(end + 2);
      if (block.startsWith(':')) continue;
      const [eventLine, dataLine] = block.split('\n');
      const data = JSON.parse(dataLine.slice('data: '.length));
      this.messages += 1;
      if (eventLine === 'event: snapshot') {
        for (const seat of data) this.seats.set(seat.id, seat.actualSeatsTaken);
        this.onSnapshot();
      } else this.seats.set(data.id, data.actualSeatsTaken);
    }
  }
}

let snapshots = 0;
const watchers = Array.from({ length: watcherCount }, () => new Watcher(() => (snapshots += 1)));
for (let first = 0; first < watchers.length; first += BATCH) await Promise.all(watchers.slice(first, first + BATCH).map((w) => w.open()));
while (snapshots < watchers.length) await new Promise((resolve) => setTimeout(resolve, 50));
process.send({ ready: true, snapshots });

process.on('message', ({ report }) => {
  // How many pages show each count for the event: after the rush, one value, the database's.
  const shown = {};
  for (const watcher of watchers) {
    const taken = watcher.seats.get(report) ?? 'none';
    shown[taken] = (shown[taken] ?? 0) + 1;
  }
  const messages = watchers.reduce((sum, w) => sum + w.messages, 0);
  const bytes = watchers.reduce((sum, w) => sum + w.bytes, 0);
  process.send({ shown, messages, bytes, open: watchers.filter((w) => !w.closed).length });
});
process.on('disconnect', () => process.exit(0));
