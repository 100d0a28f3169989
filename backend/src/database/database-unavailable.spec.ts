import { createServer } from 'node:net';
import { ServiceUnavailableException } from '@nestjs/common';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { databaseUnavailable } from './database-unavailable.js';

/** An error as PostgreSQL sends it, with its SQLSTATE. */
function serverError(code: string, message: string): pg.DatabaseError {
  const error = new pg.DatabaseError(message, message.length, 'error');
  error.code = code;
  return error;
}

/** As Drizzle wraps a failed query: the statement and its parameters, the driver's error as cause. */
const failedQuery = (cause: Error) => new DrizzleQueryError('select * from users where email = $1', ['priya.23cse@campus.ac.in'], cause);

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('databaseUnavailable', () => {
  it('recognises a refused connection, as the driver reports it', async () => {
    const client = new pg.Client({ host: '127.0.0.1', port: await closedPort(), user: 'nobody' });
    const refused = await client.connect().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(databaseUnavailable(refused)).toMatch(/^ECONNREFUSED: connect ECONNREFUSED 127\.0\.0\.1:\d+$/);
  });

  it.each([
    ['57P01', 'terminating connection due to administrator command'],
    ['57P03', 'the database system is starting up'],
    ['08006', 'connection failure'],
    ['57014', 'canceling statement due to statement timeout'],
    ['55P03', 'canceling statement due to lock timeout'],
    ['40P01', 'deadlock detected'],
  ])('recognises %s behind Drizzle’s wrapper, describing it without the query or its parameters', (code, message) => {
    const reason = databaseUnavailable(failedQuery(serverError(code, message)));
    expect(reason).toBe(`${code}: ${message}`);
  });

  it.each(['timeout exceeded when trying to connect', 'Connection terminated unexpectedly', 'Query read timeout'])(
    'recognises the driver’s own "%s"',
    (message) => {
      expect(databaseUnavailable(failedQuery(new Error(message)))).toBe(message);
    },
  );

  it('leaves every other error to the usual answers', () => {
    expect(databaseUnavailable(failedQuery(serverError('23505', 'duplicate key value violates unique constraint')))).toBeUndefined();
    expect(databaseUnavailable(new Error('Cannot read properties of undefined'))).toBeUndefined();
    expect(databaseUnavailable(new ServiceUnavailableException('The database is unreachable.'))).toBeUndefined();
    expect(databaseUnavailable('ECONNREFUSED')).toBeUndefined();
  });
});
