/** PostgreSQL error codes the services translate into answers people understand. */
export const PostgresErrorCode = {
  UniqueViolation: '23505',
  CheckViolation: '23514',
} as const;

/** The PostgreSQL error behind a driver error, whichever driver (pg, PGlite, Drizzle's wrapper) raised it. */
export function postgresError(error: unknown): { code: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: string; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return { code: candidate.code, constraint: candidate.constraint };
    }
    current = candidate.cause;
  }
  return undefined;
}
