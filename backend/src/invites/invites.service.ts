import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { uniqueConflict } from '../common/conflicts.js';
import { ScheduledJob } from '../common/scheduled-job.js';
import { hashToken, isWellFormedToken, newToken } from '../common/tokens.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { Executor } from '../database/database.service.js';
import type { InviteRow, InviteStatus } from '../database/schema/invites.js';
import { MailService } from '../mail/mail.service.js';
import { inviteMessage, teamInviteMail } from './invites.mails.js';
import { InvitesRepository, ONE_PENDING_PER_TEAM } from './invites.repository.js';

/** Student-side decisions: a team invite is good for 7 days. */
const INVITE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A student receives at most this many team invitations (each an e-mail) from one sender per
 * rolling hour, whatever became of them: inviting and cancelling in a loop cannot flood a classmate.
 */
export const INVITES_PER_RECIPIENT_PER_HOUR = 3;
const HOUR_MS = 60 * 60 * 1000;

/** A team's invitation, as the teams module asks for it: the team, its leader and the people invited. */
interface InvitesToSend {
  team: { id: string; eventId: string; name: string };
  eventName: string;
  inviter: { id: string; name: string };
  invitees: { id: string; name: string; email: string }[];
}

/**
 * Team invitations: the random link token (kept only as its hash), the e-mail through the outbox
 * in the inviting transaction, the answers (each invite answered once), the bell's reads and the
 * expiry job. Which invite may be sent or accepted is the teams module's rule; this module keeps
 * the invites themselves.
 */
@Injectable()
export class InvitesService {
  constructor(
    private readonly invites: InvitesRepository,
    private readonly mail: MailService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Records one invite per invitee and e-mails each their link, in the caller's transaction (the
   * team row is locked there, so the team's size rule was checked against what is written here).
   */
  async send({ team, eventName, inviter, invitees }: InvitesToSend, now: Date, executor: Executor): Promise<InviteRow[]> {
    if (invitees.length === 0) return [];
    const tokens = invitees.map(() => newToken());
    const expiresAt = new Date(now.getTime() + INVITE_LIFETIME_MS);
    const rows = invitees.map((invitee, i) => ({
      teamId: team.id,
      eventId: team.eventId,
      inviterId: inviter.id,
      inviteeId: invitee.id,
      tokenHash: hashToken(tokens[i]),
      createdAt: now,
      expiresAt,
    }));
    let sent: InviteRow[];
    try {
      sent = await this.invites.insertMany(rows, executor);
    } catch (error) {
      throw uniqueConflict(error, { [ONE_PENDING_PER_TEAM]: { message: 'This student already has a pending invite from your team.' } }) ?? error;
    }
    for (const [i, invitee] of invitees.entries()) {
      const url = new URL(`/invite/${tokens[i]}`, this.config.publicUrl).toString();
      const message = teamInviteMail({ to: invitee.email, inviteeName: invitee.name, inviterName: inviter.name, teamName: team.name, eventName, url });
      await this.mail.send(message, executor);
    }
    return sent;
  }

  /**
   * The students among these whom the sender may not invite again yet (their hour's invitations
   * used up), counted under the sender's lock in the caller's transaction: the invitations
   * written after it in that transaction are counted by the next one.
   */
  async overRecipientLimit(inviterId: string, inviteeIds: readonly string[], now: Date, executor: Executor): Promise<Set<string>> {
    const sent = await this.invites.sentSince(inviterId, inviteeIds, new Date(now.getTime() - HOUR_MS), executor);
    return new Set([...sent].flatMap(([inviteeId, count]) => (count >= INVITES_PER_RECIPIENT_PER_HOUR ? [inviteeId] : [])));
  }

  /** The invite's line in the bell and on the invite page, as its e-mail says it. */
  messageFor(inviterName: string, teamName: string, eventName: string): string {
    return inviteMessage(inviterName, teamName, eventName);
  }

  findById(id: string, executor?: Executor): Promise<InviteRow | undefined> {
    return this.invites.findById(id, executor);
  }

  /** The invite an e-mailed link names; nothing for a malformed or unknown token. */
  /** Every invite the student sent or was sent, newest first (their data download). */
  allOf(userId: string): Promise<InviteRow[]> {
    return this.invites.allOf(userId);
  }

  /** Withdraws every pending invite the student sent or was sent, in their account's deletion. */
  withdrawAllOf(userId: string, executor: Executor): Promise<void> {
    return this.invites.withdrawAllOf(userId, executor);
  }

  async findByToken(token: string): Promise<InviteRow | undefined> {
    return isWellFormedToken(token) ? this.invites.findByTokenHash(hashToken(token)) : undefined;
  }

  /** Answers a live invite; nothing when it was not live (answered, withdrawn or expired meanwhile), and a due one is marked expired. */
  async answer(invite: InviteRow, status: Extract<InviteStatus, 'accepted' | 'declined'>, now: Date, executor: Executor): Promise<InviteRow | undefined> {
    return this.invites.answer(invite.id, status, now, executor);
  }

  /** Locks the student's live invites of the event for an accept (see the repository). */
  lockLiveOf(inviteeId: string, eventId: string, now: Date, executor: Executor): Promise<void> {
    return this.invites.lockLiveOf(inviteeId, eventId, now, executor);
  }

  /** Marks the invite expired when it is pending past its expiry (an answer found it so). */
  expireIfDue(invite: InviteRow, now: Date): Promise<void> {
    return this.invites.expireIfDue(invite.id, now);
  }

  /** What the invite's status is at `now`: a pending invite past its expiry is expired, swept or not. */
  statusAt(invite: InviteRow, now: Date): InviteStatus {
    return invite.status === 'pending' && invite.expiresAt <= now ? 'expired' : invite.status;
  }

  cancel(inviteId: string, now: Date, executor: Executor): Promise<boolean> {
    return this.invites.cancel(inviteId, now, executor);
  }

  withdrawForRegisteredTeam(teamId: string, eventId: string, memberIds: string[], executor: Executor): Promise<void> {
    return this.invites.withdrawForRegisteredTeam(teamId, eventId, memberIds, executor);
  }

  withdrawOthers(inviteeId: string, eventId: string, keptId: string, executor: Executor): Promise<void> {
    return this.invites.withdrawOthers(inviteeId, eventId, keptId, executor);
  }

  liveFor(inviteeId: string, now: Date): Promise<InviteRow[]> {
    return this.invites.liveFor(inviteeId, now);
  }

  liveForTeams(teamIds: string[], now: Date, executor?: Executor): Promise<InviteRow[]> {
    return this.invites.liveForTeams(teamIds, now, executor);
  }

  teamsInviting(inviteeId: string, now: Date): Promise<string[]> {
    return this.invites.teamsInviting(inviteeId, now);
  }

  /** The bell's "read" for the invitee's own invite; false when it is not theirs. */
  markRead(inviteId: string, inviteeId: string): Promise<boolean> {
    return this.invites.markRead(inviteId, inviteeId);
  }

  /**
   * The expiry job: one UPDATE of every pending invite past its expiry, with the product's clock.
   * Idempotent, so every instance may run it; an answer racing it finds the row locked and then
   * not pending (or the job finds it answered), never both.
   */
  @ScheduledJob('expire-invites', 5 * 60 * 1000)
  expireDue(): Promise<number> {
    return this.invites.expireDue(this.clock.now());
  }
}
