// pg warns when a query is sent on a client still running another (a `Promise.all` over one
// transaction's reads), and pg 9 refuses it. The warning goes to the real process, out of a spec
// file's reach, so the client's query is watched here instead: a spec file that sends a query on
// a busy client fails, and the mistake is found now rather than after an upgrade.
import pg from 'pg';

interface ClientInternals {
  _getActiveQuery(): unknown;
}

const concurrentQueries: string[] = [];
const sendQuery = pg.Client.prototype.query;

beforeAll(() => {
  pg.Client.prototype.query = function watchedQuery(this: pg.Client, ...args: unknown[]) {
    if ((this as unknown as ClientInternals)._getActiveQuery())
      concurrentQueries.push(`a query was sent while another was running on the same client:\n${productFrames()}`);
    return (sendQuery as (...input: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
});

/** Where the query came from in the product's code (the driver's and ORM's frames left out). */
function productFrames(): string {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 60;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  return stack
    .split('\n')
    .filter((line) => line.includes('/backend/src/'))
    .join('\n');
}

afterAll(() => {
  pg.Client.prototype.query = sendQuery;
  if (concurrentQueries.length > 0) throw new Error(concurrentQueries.join('\n\n'));
});
