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

/** What a request of an account deleted while it was answered is told. */
const ACCOUNT_DELETED = 'This account has been deleted.';

/**
 * The refusal of a registration, team membership or place in line the database turned down
 * (migrations 0008 and 0025): a 403 for a staff account (it became staff after its request was
 * let through as a student's), a 409 for an account deleted meanwhile. Nothing for any other error.
 */
export function participantRefusal(error: unknown): ForbiddenException | ConflictException | undefined {
  const pg = postgresError(error);
  if (pg?.code !== PostgresErrorCode.CheckViolation) return undefined;
  if (pg.constraint === 'participants_are_students') return new ForbiddenException(FORBIDDEN.students);
  if (pg.constraint === 'participants_have_accounts') return new ConflictException(ACCOUNT_DELETED);
  return undefined;
}
