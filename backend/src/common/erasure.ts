import { type SQL, sql } from 'drizzle-orm';

/** What a deleted account's records are rewritten with, wherever they named it. */
export const DELETED_ACCOUNT = 'Deleted account';

/**
 * What identified a deleted account, to be found and replaced in text others keep (their
 * e-mails, the audit trail, team names): its names (the one it had last, and any it had before),
 * its e-mail address and its roll number.
 */
export interface AccountTraces {
  names: readonly string[];
  email: string;
  rollNumber: string | null;
}

/**
 * A regular expression (PostgreSQL's) matching any of the account's traces as a whole word,
 * whatever its case: "Asha Rao" is replaced in "Asha Rao's team" but not inside "Asha Raoji".
 */
function tracePattern(traces: AccountTraces): string {
  const words = [traces.email, ...traces.names, traces.rollNumber].filter((word): word is string => Boolean(word && word.trim().length > 0));
  // Longest first, so a full name is replaced whole before a shorter trace inside it.
  words.sort((a, b) => b.length - a.length);
  const escaped = words.map((word) => word.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return `(?<![[:alnum:]])(${escaped.join('|')})(?![[:alnum:]])`;
}

/** Whether the text column (or a jsonb one, read as text) mentions the account. */
export function mentions(column: unknown, traces: AccountTraces): SQL {
  return sql`${column}::text ~* ${tracePattern(traces)}`;
}

/** The text column with every mention of the account replaced by the placeholder. */
export function withoutTraces(column: unknown, traces: AccountTraces): SQL<string> {
  return sql<string>`regexp_replace(${column}::text, ${tracePattern(traces)}, ${DELETED_ACCOUNT}, 'gi')`;
}

/** A jsonb column with every mention of the account replaced (its text rewritten, then read as JSON again). */
export function jsonWithoutTraces(column: unknown, traces: AccountTraces): SQL {
  return sql`${withoutTraces(column, traces)}::jsonb`;
}
