import { postgresError } from '../database/postgres-errors.js';

/**
 * An unexpected error as the log may hold it. A failed query's message lists its parameters
 * (password hashes, e-mail addresses, search text) and PostgreSQL's own messages may quote a
 * value, so for those only the SQL text, the error code and the constraint are written, with
 * the stack's frames; any other error keeps its stack.
 */
export function describeForLog(error: unknown): string {
  if (!(error instanceof Error)) return `Non-error thrown: ${typeof error}`;
  const query = (error as { query?: unknown }).query;
  const pg = postgresError(error);
  if (typeof query !== 'string' && !pg) return error.stack ?? `${error.name}: ${error.message}`;
  const parts = [
    typeof query === 'string' ? `Failed query: ${query}` : 'Database error',
    pg && `code ${pg.code}`,
    pg?.constraint && `constraint ${pg.constraint}`,
  ];
  return [parts.filter(Boolean).join('; '), ...frames(error.stack)].join('\n');
}

/** The "    at ..." lines of a stack, without the message line(s) above them. */
function frames(stack: string | undefined): string[] {
  return (stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
}
