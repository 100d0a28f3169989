import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import type { AccountTraces } from '../common/erasure.js';
import type { PageOf } from '../common/pagination.js';
import type { SessionUser } from '../common/session-user.js';
import type { Executor } from '../database/database.service.js';
import type { AuditAction, AuditChanges, AuditRow } from '../database/schema/audit.js';
import { AuditRepository, type AuditFilter } from './audit.repository.js';

/** One admin action to record. */
export interface AuditEntry {
  /** Who acted: a signed-in admin, or the account an invitation has just created. */
  actor: Pick<SessionUser, 'id' | 'name' | 'email'>;
  action: AuditAction;
  club: string | null;
  subject: { type: 'event' | 'invite' | 'user' | 'registration' | 'festival' | 'club' | 'certificate'; id: string | null; label: string };
  changes?: AuditChanges;
}

/**
 * The audit trail. `record` takes the transaction of the change it describes: the two commit
 * together or not at all, so the trail holds every change and nothing that did not happen.
 */
@Injectable()
export class AuditService {
  constructor(
    private readonly repository: AuditRepository,
    private readonly clock: Clock,
  ) {}

  async record(entry: AuditEntry, executor: Executor): Promise<void> {
    const { actor, subject } = entry;
    await this.repository.insert(
      {
        at: this.clock.now(),
        actorId: actor.id,
        actorName: actor.name,
        actorEmail: actor.email,
        action: entry.action,
        club: entry.club,
        subjectType: subject.type,
        subjectId: subject.id,
        subjectLabel: subject.label,
        changes: entry.changes ?? {},
      },
      executor,
    );
  }

  /** What the trail records of the account: its own actions and changes made to it (its data download). */
  about(userId: string): Promise<AuditRow[]> {
    return this.repository.about(userId);
  }

  /** The names the account had before its profile's changes (a deletion erases them too). */
  formerNamesOf(userId: string, executor: Executor): Promise<string[]> {
    return this.repository.formerNamesOf(userId, executor);
  }

  /** Erases a deleted account from the trail (see the repository), in its deletion's transaction. */
  eraseTraces(actorId: string, traces: AccountTraces, executor: Executor): Promise<void> {
    return this.repository.eraseTraces(actorId, traces, executor);
  }

  read(filter: AuditFilter, offset: number, limit: number): Promise<PageOf<AuditRow>> {
    return this.repository.page(filter, offset, limit);
  }
}

/**
 * The fields whose values differ between `before` and `after`, compared as JSON (dates, arrays
 * and objects included), for an audit record's `changes`. Only keys of `after` are compared.
 */
export function changedFields<T extends object>(before: T, after: Partial<T>): AuditChanges {
  const changes: AuditChanges = {};
  for (const key of Object.keys(after) as (keyof T & string)[]) {
    const from = before[key] ?? null;
    const to = after[key] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
  }
  return changes;
}
