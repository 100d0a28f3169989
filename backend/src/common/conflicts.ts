import { ConflictException, ForbiddenException } from '@nestjs/common';
import { PostgresErrorCode, postgresError } from '../database/postgres-errors.js';
import { FORBIDDEN } from './session.guard.js';

/** What a unique constraint's violation means to the person asking: the message and, for a form, its field. */
interface UniqueConflict {
  message: string;
  field?: string;
}

/**
 * The 409 for a unique violation of one of the named constraints, or nothing for any other
 * error (which the caller throws again). Each module names its own constraints beside the
 * call, so the constraint and its sentence are read together.
 */
export function uniqueConflict(error: unknown, conflicts: Record<string, UniqueConflict>): ConflictException | undefined {
  const pg = postgresError(error);
  if (pg?.code !== PostgresErrorCode.UniqueViolation || !pg.constraint) return undefined;
  const conflict = conflicts[pg.constraint];
  if (!conflict) return undefined;
  const { message, field } = conflict;
  return new ConflictException(field ? { message, errors: [{ field, message }] } : message);
}

/**
 * The 403 for a registration or team membership of a staff account, which the database refuses
 * (migration 0008's `participants_are_students`): the account became staff after its request was
 * let through as a student's. Nothing for any other error.
 */
export function staffParticipantRefusal(error: unknown): ForbiddenException | undefined {
  const pg = postgresError(error);
  if (pg?.code !== PostgresErrorCode.CheckViolation || pg.constraint !== 'participants_are_students') return undefined;
  return new ForbiddenException(FORBIDDEN.students);
}
