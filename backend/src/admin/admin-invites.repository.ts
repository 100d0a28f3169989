import { Injectable } from '@nestjs/common';
import { and, count, desc, eq, gt, inArray, lte, ne } from 'drizzle-orm';
import { DELETED_ACCOUNT } from '../common/erasure.js';
import { DatabaseService, type Executor } from '../database/database.service.js';
import { type AdminInviteRow, adminInvites } from '../database/schema/admin-invites.js';

/** An invitation to write: who is invited to run which event of which club, and its token's hash. */
interface NewAdminInvite {
  email: string;
  clubName: string;
  eventId: string;
  invitedBy: string;
  tokenHash: string;
  createdAt: Date;
  expiresAt: Date;
}

/** The event's one pending invitation (a partial unique index). */
export const ONE_PENDING_PER_EVENT = 'admin_invites_one_pending_per_event';

/** Pending and not yet past its expiry at `now`: an invitation that can still be accepted. */
const live = (now: Date) => and(eq(adminInvites.status, 'pending'), gt(adminInvites.expiresAt, now));
/** Pending but past its expiry: what the job, or a send for its event, marks expired. */
const due = (now: Date) => and(eq(adminInvites.status, 'pending'), lte(adminInvites.expiresAt, now));

/** The only place that queries the admin_invites table. */
@Injectable()
export class AdminInvitesRepository {
  constructor(private readonly database: DatabaseService) {}

  async insert(invite: NewAdminInvite, executor: Executor): Promise<AdminInviteRow> {
    const [row] = await executor.insert(adminInvites).values(invite).returning();
    return row;
  }

  async findById(id: string): Promise<AdminInviteRow | undefined> {
    const [row] = await this.database.db.select().from(adminInvites).where(eq(adminInvites.id, id));
    return row;
  }

  async findByTokenHash(tokenHash: string): Promise<AdminInviteRow | undefined> {
    const [row] = await this.database.db.select().from(adminInvites).where(eq(adminInvites.tokenHash, tokenHash));
    return row;
  }

  /** Every invitation but the cancelled ones, newest first. */
  listShown(): Promise<AdminInviteRow[]> {
    return this.database.db
      .select()
      .from(adminInvites)
      .where(ne(adminInvites.status, 'cancelled'))
      .orderBy(desc(adminInvites.createdAt), desc(adminInvites.id));
  }

  /** The invitations that can still be accepted, newest first. */
  listLive(now: Date): Promise<AdminInviteRow[]> {
    return this.database.db.select().from(adminInvites).where(live(now)).orderBy(desc(adminInvites.createdAt), desc(adminInvites.id));
  }

  /** The live invitation for the event, if any (one at most: the partial unique index). */
  async findLiveForEvent(eventId: string, now: Date, executor: Executor): Promise<AdminInviteRow | undefined> {
    const [row] = await executor
      .select()
      .from(adminInvites)
      .where(and(eq(adminInvites.eventId, eventId), live(now)));
    return row;
  }

  /** The live invitations to the address, newest first. */
  findLiveForEmail(email: string, now: Date, executor: Executor = this.database.db): Promise<AdminInviteRow[]> {
    return executor
      .select()
      .from(adminInvites)
      .where(and(eq(adminInvites.email, email), live(now)))
      .orderBy(desc(adminInvites.createdAt));
  }

  /** Cancels the address's other live invitations: once it is an account, they can never be accepted. */
  async cancelOthersFor(email: string, acceptedId: string, now: Date, executor: Executor): Promise<void> {
    await executor
      .update(adminInvites)
      .set({ status: 'cancelled', closedAt: now })
      .where(and(eq(adminInvites.email, email), ne(adminInvites.id, acceptedId), live(now)));
  }

  /** How many invitations can still be accepted: every club's, or one club's. */
  async countLive(now: Date, club: string | undefined): Promise<number> {
    const [row] = await this.database.db
      .select({ total: count() })
      .from(adminInvites)
      .where(and(live(now), club === undefined ? undefined : eq(adminInvites.clubName, club)));
    return row.total;
  }

  /**
   * Accepts a live invitation in one conditional statement: of two accepts (or an accept and a
   * cancel, or the expiry job) exactly one finds it pending. Nothing when none did.
   */
  async accept(id: string, now: Date, executor: Executor): Promise<AdminInviteRow | undefined> {
    const [row] = await executor
      .update(adminInvites)
      .set({ status: 'accepted', closedAt: now })
      .where(and(eq(adminInvites.id, id), live(now)))
      .returning();
    return row;
  }

  /** Names the account an accepted invitation created (made after the accept, which decides first). */
  async recordAcceptedBy(id: string, userId: string, executor: Executor): Promise<void> {
    await executor.update(adminInvites).set({ acceptedBy: userId }).where(eq(adminInvites.id, id));
  }

  /** The invitation an account accepted keeps the placeholder in place of its address, once the account is deleted. */
  async eraseAcceptedBy(userId: string, executor: Executor): Promise<void> {
    await executor.update(adminInvites).set({ email: DELETED_ACCOUNT }).where(eq(adminInvites.acceptedBy, userId));
  }

  /** Cancels a live invitation, conditionally as `accept` does; nothing when it was not live. */
  async cancel(id: string, now: Date, executor: Executor): Promise<AdminInviteRow | undefined> {
    const [row] = await executor
      .update(adminInvites)
      .set({ status: 'cancelled', closedAt: now })
      .where(and(eq(adminInvites.id, id), live(now)))
      .returning();
    return row;
  }

  /** Marks the event's pending invitation expired when it is past its expiry, so a new one may take its place. */
  async expireDueOfEvent(eventId: string, now: Date, executor: Executor): Promise<void> {
    await executor
      .update(adminInvites)
      .set({ status: 'expired', closedAt: now })
      .where(and(eq(adminInvites.eventId, eventId), due(now)));
  }

  /**
   * One idempotent statement: every pending invitation past its expiry becomes expired. Run by
   * every instance, it changes each once (a second run finds nothing pending and due). Rows an
   * accept or a cancel holds locked are skipped: that one finds the invitation due itself.
   */
  async expireDue(now: Date): Promise<number> {
    const dueIds = this.database.db.select({ id: adminInvites.id }).from(adminInvites).where(due(now)).for('update', { skipLocked: true });
    const rows = await this.database.db
      .update(adminInvites)
      .set({ status: 'expired', closedAt: now })
      .where(and(inArray(adminInvites.id, dueIds), eq(adminInvites.status, 'pending')))
      .returning({ id: adminInvites.id });
    return rows.length;
  }
}
