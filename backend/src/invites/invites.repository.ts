import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, gt, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { DatabaseService, type Executor } from '../database/database.service.js';
import { type InviteRow, type InviteStatus, teamInvites } from '../database/schema/invites.js';

/** An invite to write: who asks whom to join which team, and its token's hash. */
interface NewInvite {
  teamId: string;
  eventId: string;
  inviterId: string;
  inviteeId: string;
  tokenHash: string;
  createdAt: Date;
  expiresAt: Date;
}

/** The team's one pending invite per student (a partial unique index). */
export const ONE_PENDING_PER_TEAM = 'team_invites_one_pending';

/** The advisory locks of one sender's invitations: the first key names their space (the migrations' lock is 727001, the festival rules' 727002). */
const SENDER_LOCKS = 727003;

/** Pending and not yet past its expiry at `now`: an invite that can still be answered. */
const live = (now: Date) => and(eq(teamInvites.status, 'pending'), gt(teamInvites.expiresAt, now));

/** The only place that queries the team_invites table. */
@Injectable()
export class InvitesRepository {
  constructor(private readonly database: DatabaseService) {}

  insertMany(invites: NewInvite[], executor: Executor = this.database.db): Promise<InviteRow[]> {
    return executor.insert(teamInvites).values(invites).returning();
  }

  async findById(id: string, executor: Executor = this.database.db): Promise<InviteRow | undefined> {
    const [row] = await executor.select().from(teamInvites).where(eq(teamInvites.id, id));
    return row;
  }

  async findByTokenHash(tokenHash: string): Promise<InviteRow | undefined> {
    const [row] = await this.database.db.select().from(teamInvites).where(eq(teamInvites.tokenHash, tokenHash));
    return row;
  }

  /**
   * Moves a live invite to its answer in one conditional statement, so of two answers (or an
   * answer and the expiry job) exactly one finds it pending; nothing when none did.
   */
  async answer(id: string, status: InviteStatus, now: Date, executor: Executor = this.database.db): Promise<InviteRow | undefined> {
    const [row] = await executor
      .update(teamInvites)
      .set({ status, respondedAt: now, isRead: true })
      .where(and(eq(teamInvites.id, id), live(now)))
      .returning();
    return row;
  }

  /** Marks an invite past its expiry as expired, as the job would (answering it found it due). */
  async expireIfDue(id: string, now: Date): Promise<void> {
    await this.database.db
      .update(teamInvites)
      .set({ status: 'expired' })
      .where(and(eq(teamInvites.id, id), eq(teamInvites.status, 'pending'), lte(teamInvites.expiresAt, now)));
  }

  /**
   * One idempotent statement: every pending invite past its expiry becomes expired. Run by every
   * instance, it changes each invite once (a second run finds nothing pending and due). Invites
   * an answer holds locked are skipped: that answer finds them due and expires them itself.
   */
  async expireDue(now: Date): Promise<number> {
    const due = this.database.db
      .select({ id: teamInvites.id })
      .from(teamInvites)
      .where(and(eq(teamInvites.status, 'pending'), lte(teamInvites.expiresAt, now)))
      .for('update', { skipLocked: true });
    const rows = await this.database.db
      .update(teamInvites)
      .set({ status: 'expired' })
      .where(and(inArray(teamInvites.id, due), eq(teamInvites.status, 'pending')))
      .returning({ id: teamInvites.id });
    return rows.length;
  }

  /**
   * How many invitations the sender gave each of these students since `since`, whatever became of
   * them (a cancelled or withdrawn invite was e-mailed all the same). It first takes the sender's
   * advisory lock until the caller's transaction ends, so two invitations racing from one sender
   * are counted one after the other and the count cannot be passed.
   */
  async sentSince(inviterId: string, inviteeIds: readonly string[], since: Date, executor: Executor): Promise<Map<string, number>> {
    const key = createHash('sha256').update(inviterId).digest().readInt32BE(0);
    await executor.execute(sql`select pg_advisory_xact_lock(${SENDER_LOCKS}, ${key}::int)`);
    if (inviteeIds.length === 0) return new Map();
    const rows = await executor
      .select({ inviteeId: teamInvites.inviteeId, sent: count() })
      .from(teamInvites)
      .where(and(eq(teamInvites.inviterId, inviterId), inArray(teamInvites.inviteeId, [...inviteeIds]), gt(teamInvites.createdAt, since)))
      .groupBy(teamInvites.inviteeId);
    return new Map(rows.map((row) => [row.inviteeId, row.sent]));
  }

  /**
   * Locks the student's live invites of the event, in id order, until the caller's transaction
   * ends. An accept takes these locks first, so two accepts by one student take turns instead of
   * each holding one invite and waiting for the other's (a deadlock).
   */
  async lockLiveOf(inviteeId: string, eventId: string, now: Date, executor: Executor): Promise<void> {
    await executor
      .select({ id: teamInvites.id })
      .from(teamInvites)
      .where(and(eq(teamInvites.inviteeId, inviteeId), eq(teamInvites.eventId, eventId), live(now)))
      .orderBy(asc(teamInvites.id))
      .for('update');
  }

  /**
   * Withdraws what a team's registration makes pointless: its own pending invites, and other
   * teams' pending invites of the event to its members.
   */
  async withdrawForRegisteredTeam(teamId: string, eventId: string, memberIds: string[], executor: Executor): Promise<void> {
    const toMembers = memberIds.length > 0 ? and(eq(teamInvites.eventId, eventId), inArray(teamInvites.inviteeId, memberIds)) : undefined;
    await this.withdraw(or(eq(teamInvites.teamId, teamId), toMembers), executor);
  }

  /** Withdraws the student's other pending invites of the event, once they joined a team there. */
  async withdrawOthers(inviteeId: string, eventId: string, keptId: string, executor: Executor): Promise<void> {
    await this.withdraw(and(eq(teamInvites.inviteeId, inviteeId), eq(teamInvites.eventId, eventId), ne(teamInvites.id, keptId)), executor);
  }

  /** Every invite the student sent or was sent, newest first. */
  allOf(userId: string): Promise<InviteRow[]> {
    return this.database.db
      .select()
      .from(teamInvites)
      .where(or(eq(teamInvites.inviterId, userId), eq(teamInvites.inviteeId, userId)))
      .orderBy(desc(teamInvites.createdAt));
  }

  /** Withdraws every pending invite the student sent or was sent (their account deleted). */
  async withdrawAllOf(userId: string, executor: Executor): Promise<void> {
    await this.withdraw(or(eq(teamInvites.inviterId, userId), eq(teamInvites.inviteeId, userId)), executor);
  }

  /** Withdraws the pending invites matching `which`, locking them in id order (as `lockLiveOf` does), so it cannot deadlock with an accept. */
  private async withdraw(which: SQL | undefined, executor: Executor): Promise<void> {
    const due = executor
      .select({ id: teamInvites.id })
      .from(teamInvites)
      .where(and(eq(teamInvites.status, 'pending'), which))
      .orderBy(asc(teamInvites.id))
      .for('update');
    await executor.update(teamInvites).set({ status: 'withdrawn' }).where(inArray(teamInvites.id, due));
  }

  /** The student's live invites, newest first (the bell). */
  liveFor(inviteeId: string, now: Date): Promise<InviteRow[]> {
    return this.database.db
      .select()
      .from(teamInvites)
      .where(and(eq(teamInvites.inviteeId, inviteeId), live(now)))
      .orderBy(desc(teamInvites.createdAt), desc(teamInvites.id));
  }

  /** The live invites of these teams, oldest first (a team's pending list). */
  liveForTeams(teamIds: string[], now: Date, executor: Executor = this.database.db): Promise<InviteRow[]> {
    if (teamIds.length === 0) return Promise.resolve([]);
    return executor
      .select()
      .from(teamInvites)
      .where(and(inArray(teamInvites.teamId, teamIds), live(now)))
      .orderBy(teamInvites.createdAt, teamInvites.id);
  }

  /** The teams that invited this student and still wait for an answer. */
  async teamsInviting(inviteeId: string, now: Date): Promise<string[]> {
    const rows = await this.database.db
      .select({ teamId: teamInvites.teamId })
      .from(teamInvites)
      .where(and(eq(teamInvites.inviteeId, inviteeId), live(now)));
    return rows.map((row) => row.teamId);
  }

  async markRead(id: string, inviteeId: string): Promise<boolean> {
    const rows = await this.database.db
      .update(teamInvites)
      .set({ isRead: true })
      .where(and(eq(teamInvites.id, id), eq(teamInvites.inviteeId, inviteeId)))
      .returning({ id: teamInvites.id });
    return rows.length > 0;
  }

  /** The leader's cancel: only a pending invite, and the caller has locked its team. */
  async cancel(id: string, now: Date, executor: Executor): Promise<boolean> {
    const rows = await executor
      .update(teamInvites)
      .set({ status: 'cancelled', respondedAt: now })
      .where(and(eq(teamInvites.id, id), eq(teamInvites.status, 'pending')))
      .returning({ id: teamInvites.id });
    return rows.length > 0;
  }
}
