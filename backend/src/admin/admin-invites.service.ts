import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { AuditService } from '../audit/audit.service.js';
import { ClubsService } from '../clubs/clubs.service.js';
import { Clock } from '../common/clock.js';
import { uniqueConflict } from '../common/conflicts.js';
import { fieldError } from '../common/field-error.js';
import { ScheduledJob } from '../common/scheduled-job.js';
import type { SessionUser } from '../common/session-user.js';
import { hashToken, isWellFormedToken, newToken } from '../common/tokens.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { DatabaseService, type Executor } from '../database/database.service.js';
import type { AdminInviteRow } from '../database/schema/admin-invites.js';
import type { EventRow } from '../database/schema/events.js';
import type { UserRow } from '../database/schema/users.js';
import { EventsService } from '../events/events.service.js';
import { MailService } from '../mail/mail.service.js';
import { PasswordHasher } from '../users/password-hasher.js';
import { SignupsService } from '../users/signups.service.js';
import { EVENT_HAS_ADMIN, UsersService } from '../users/users.service.js';
import {
  type AdminInviteResponse,
  type EventAdminStatusResponse,
  type InvitationDetailsResponse,
  toAdminInviteResponse,
  toEventAdminStatus,
  toInvitationDetails,
} from './admin-invite.response.js';
import type { AdminInviteDto, AdminSignupDto, SendInviteEmailDto } from './admin-invites.dto.js';
import { adminInviteMail } from './admin-invites.mails.js';
import { AdminInvitesRepository, ONE_PENDING_PER_EVENT } from './admin-invites.repository.js';

/** An admin invitation is good for 7 days (docs/decisions.md, "Club admin invitations"). */
const INVITE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** Where the client opens an invitation; the e-mailed link is this path and the token. */
const INVITE_PATH = '/admin/invite/';

export const ADMIN_INVITE_MESSAGES = {
  sent: 'Admin invitation sent successfully!',
  generated: 'Invitation link created',
  emailed: 'Invitation e-mail sent',
  cancelled: 'Invitation cancelled successfully',
  accepted: 'Admin account created successfully!',
  notFound: 'Invitation not found',
  notPending: 'Only a pending invitation can be cancelled',
  invalidLink: 'Invalid or expired invitation link',
  notIssued: 'This link was not issued for this address',
  // An invitation creates an account; an existing one becomes staff by a role change instead.
  accountExists: 'User with this email already exists. To make them a club admin, change their role on the People page.',
  otherClub: 'This event does not belong to the chosen club',
  // Names the event it waits for: "this event" on the form would be the one being refused.
  pendingElsewhere: (event: string) => `This email already has a pending invitation for ${event}. Cancel it to invite them for this one.`,
} as const;

/** Pending and not past its expiry at `now`. */
const isLive = (invite: AdminInviteRow, now: Date) => invite.status === 'pending' && invite.expiresAt > now;

/**
 * The super admin's invitations of club admins: issuing one (e-mailed or as a link), listing,
 * cancelling, and its acceptance, which creates the club admin's account bound to the event.
 * Every change of who runs an event locks the event's row first (through the events module), so
 * "assigned", "pending" and a new invitation are decided one at a time; an invitation is used
 * once by one conditional UPDATE; each change is audited in the transaction that makes it.
 */
@Injectable()
export class AdminInvitesService {
  constructor(
    private readonly invites: AdminInvitesRepository,
    private readonly events: EventsService,
    private readonly users: UsersService,
    private readonly signups: SignupsService,
    private readonly passwords: PasswordHasher,
    private readonly audit: AuditService,
    private readonly clubs: ClubsService,
    private readonly mail: MailService,
    private readonly database: DatabaseService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Every event by club then name, with its admin or its pending invitation. */
  async eventsWithAdminStatus(): Promise<EventAdminStatusResponse[]> {
    const [events, admins, pending] = await Promise.all([this.events.listByClub(), this.users.assignedToEvents(), this.invites.listLive(this.clock.now())]);
    const adminEmail = new Map(admins.map((admin) => [admin.assignedEventId, admin.email]));
    const inviteEmail = new Map(pending.map((invite) => [invite.eventId, invite.email]));
    return events.map((event) => toEventAdminStatus(event, adminEmail.get(event.id), inviteEmail.get(event.id)));
  }

  /** Every invitation but the cancelled ones, newest first. */
  async list(): Promise<AdminInviteResponse[]> {
    return this.toResponses(await this.invites.listShown());
  }

  /** The invitations that can still be accepted, newest first. */
  async listPending(): Promise<AdminInviteResponse[]> {
    return this.toResponses(await this.invites.listLive(this.clock.now()));
  }

  /** How many invitations can still be accepted: the festival's, or one club's (the dashboards). */
  countPending(club: string | undefined): Promise<number> {
    return this.invites.countLive(this.clock.now(), club);
  }

  /**
   * Records an invitation for the event, e-mailing its link when `send` (otherwise the super
   * admin shares the link). The event's row is locked first, so an accept, a cancel or another
   * invitation for it waits; an event with an admin or a live invitation refuses a second one
   * (the partial unique index decides too, should anything slip past).
   */
  async issue(superAdmin: SessionUser, form: AdminInviteDto, { send }: { send: boolean }): Promise<{ invite: AdminInviteResponse; inviteUrl: string }> {
    const now = this.clock.now();
    const token = newToken();
    const inviteUrl = this.linkFor(token);
    const { invite, event } = await this.database.transaction(async (tx) => {
      const event = await this.events.lock(form.eventId, tx);
      this.events.requireOpenEdition(event);
      await this.requireInvitable(event, form, now, tx);
      const invite = await this.insert({ email: form.email, clubName: form.club, event, invitedBy: superAdmin.id, token, now }, tx);
      await this.record(superAdmin, 'invite.sent', invite, event, tx);
      if (send) await this.mail.send(adminInviteMail({ to: invite.email, eventName: event.name, clubName: invite.clubName, url: inviteUrl }), tx);
      return { invite, event };
    });
    return { invite: toAdminInviteResponse(invite, event, now), inviteUrl };
  }

  /**
   * E-mails an invitation's link again. The link given is only read for its token: the e-mail
   * carries the link this server builds, and only for a live invitation issued to that address,
   * so the route cannot mail any other URL, nor one address another's invitation.
   */
  async sendEmail({ email, inviteUrl }: SendInviteEmailDto): Promise<void> {
    const token = this.tokenIn(inviteUrl);
    const invite = token ? await this.invites.findByTokenHash(hashToken(token)) : undefined;
    if (!token || !invite || invite.email !== email || !isLive(invite, this.clock.now())) throw fieldError('inviteUrl', ADMIN_INVITE_MESSAGES.notIssued);
    const event = await this.events.getRow(invite.eventId);
    await this.mail.send(adminInviteMail({ to: invite.email, eventName: event.name, clubName: invite.clubName, url: this.linkFor(token) }));
  }

  /** Cancels a live invitation, with its event locked so an accept cannot finish beside it. */
  async cancel(superAdmin: SessionUser, id: string): Promise<void> {
    const found = await this.invites.findById(id);
    if (!found) throw new NotFoundException(ADMIN_INVITE_MESSAGES.notFound);
    await this.database.transaction(async (tx) => {
      const event = await this.events.lock(found.eventId, tx);
      const cancelled = await this.invites.cancel(found.id, this.clock.now(), tx);
      if (!cancelled) throw new ConflictException(ADMIN_INVITE_MESSAGES.notPending);
      await this.record(superAdmin, 'invite.cancelled', cancelled, event, tx);
    });
  }

  /** Whether the event has an invitation that can still be accepted, read in the caller's transaction. */
  /**
   * Erases a deleted account's address from the invitation it accepted. A pending invitation to
   * the same address stays: it was sent to the address, not the account, and is the super admin's to cancel.
   */
  eraseAcceptedBy(userId: string, executor: Executor): Promise<void> {
    return this.invites.eraseAcceptedBy(userId, executor);
  }

  async hasLiveInvitation(eventId: string, tx: Executor): Promise<boolean> {
    return (await this.invites.findLiveForEvent(eventId, this.clock.now(), tx)) !== undefined;
  }

  /** What the invitation page shows: its event, club and address; 404 for a link that cannot be used. */
  async details(token: string): Promise<InvitationDetailsResponse> {
    const invite = await this.liveByToken(token);
    return toInvitationDetails(invite, await this.events.getRow(invite.eventId));
  }

  /**
   * Creates the club admin's account from a live invitation, in one transaction with the event
   * locked: the account (verified, the invitation's club, its event assigned), the invitation
   * accepted (one conditional UPDATE, so a second accept finds it used), the admin listed among
   * the event's staff in-charges, and the audit record. Answers the account, to sign it in.
   */
  async accept(token: string, form: AdminSignupDto): Promise<UserRow> {
    const invite = await this.liveByToken(token);
    if (form.club !== undefined && form.club !== invite.clubName) throw fieldError('club', `This invitation is for ${invite.clubName}`);
    const passwordHash = await this.passwords.hash(form.password);
    const now = this.clock.now();
    const account = await this.database.transaction(async (tx) => {
      const event = await this.events.lock(invite.eventId, tx);
      const accepted = await this.invites.accept(invite.id, now, tx);
      if (!accepted) throw new NotFoundException(ADMIN_INVITE_MESSAGES.invalidLink);
      const { name, gender, dept = 'Staff' } = form;
      const { email, clubName: club } = accepted;
      const user = await this.users.create(
        { name, email, passwordHash, gender, dept, year: '0', role: 'admin', isVerified: true, club, assignedEventId: event.id },
        tx,
      );
      await this.invites.recordAcceptedBy(accepted.id, user.id, tx);
      // Invitations to the address for other events (sent at the same moment) can never be accepted now: they free their events.
      await this.invites.cancelOthersFor(email, accepted.id, now, tx);
      await this.events.addStaffInCharge(event.id, { adminId: user.id, name, email, club }, tx);
      await this.record(user, 'invite.accepted', accepted, event, tx);
      return user;
    });
    // The address is an account now: sign-ups still waiting for it can never own it.
    await this.signups.voidFor(account.email);
    return account;
  }

  /**
   * The expiry job: one UPDATE of every pending invitation past its expiry, with the product's
   * clock. Idempotent, so every instance may run it; an accept or a cancel racing it finds the
   * invitation either still pending or expired, never both.
   */
  @ScheduledJob('expire-admin-invites', 5 * 60 * 1000)
  expireDue(): Promise<number> {
    return this.invites.expireDue(this.clock.now());
  }

  /** The checks of a new invitation, with the event locked: its club, the address, and nobody running it yet. */
  private async requireInvitable(event: EventRow, form: AdminInviteDto, now: Date, tx: Executor): Promise<void> {
    await this.clubs.requireOpen(form.club, 'club', tx);
    if (event.clubInCharge !== form.club) throw fieldError('eventId', ADMIN_INVITE_MESSAGES.otherClub);
    if (await this.users.findByEmail(form.email, tx)) {
      throw fieldError('email', ADMIN_INVITE_MESSAGES.accountExists, 409);
    }
    // One account per address, so one live invitation per address: a second could never be accepted.
    const [waiting] = await this.invites.findLiveForEmail(form.email, now, tx);
    if (waiting && waiting.eventId !== event.id) {
      const elsewhere = await this.events.getRow(waiting.eventId, tx);
      throw fieldError('email', ADMIN_INVITE_MESSAGES.pendingElsewhere(elsewhere.name), 409);
    }
    if (await this.users.findAssignedTo(event.id, tx)) throw new ConflictException(EVENT_HAS_ADMIN);
    // A pending invitation past its expiry no longer holds the event, swept by the job or not.
    await this.invites.expireDueOfEvent(event.id, now, tx);
  }

  private async insert(
    { email, clubName, event, invitedBy, token, now }: { email: string; clubName: string; event: EventRow; invitedBy: string; token: string; now: Date },
    tx: Executor,
  ): Promise<AdminInviteRow> {
    const expiresAt = new Date(now.getTime() + INVITE_LIFETIME_MS);
    try {
      return await this.invites.insert({ email, clubName, eventId: event.id, invitedBy, tokenHash: hashToken(token), createdAt: now, expiresAt }, tx);
    } catch (error) {
      throw uniqueConflict(error, { [ONE_PENDING_PER_EVENT]: { message: EVENT_HAS_ADMIN } }) ?? error;
    }
  }

  private record(
    actor: Pick<SessionUser, 'id' | 'name' | 'email'>,
    action: 'invite.sent' | 'invite.cancelled' | 'invite.accepted',
    invite: AdminInviteRow,
    event: EventRow,
    tx: Executor,
  ) {
    return this.audit.record(
      { actor, action, club: invite.clubName, subject: { type: 'invite', id: invite.id, label: `${invite.email} → ${event.name}` } },
      tx,
    );
  }

  private async liveByToken(token: string): Promise<AdminInviteRow> {
    const invite = isWellFormedToken(token) ? await this.invites.findByTokenHash(hashToken(token)) : undefined;
    if (!invite || !isLive(invite, this.clock.now())) throw new NotFoundException(ADMIN_INVITE_MESSAGES.invalidLink);
    return invite;
  }

  private async toResponses(rows: AdminInviteRow[]): Promise<AdminInviteResponse[]> {
    const now = this.clock.now();
    const events = new Map((await this.events.findByIds([...new Set(rows.map((row) => row.eventId))])).map((event) => [event.id, event]));
    return rows.map((row) => toAdminInviteResponse(row, events.get(row.eventId), now));
  }

  /** The invitation's link, always built here from PUBLIC_URL. */
  private linkFor(token: string): string {
    return new URL(`${INVITE_PATH}${token}`, this.config.publicUrl).toString();
  }

  /** The token of a link to this site's invitation page, or nothing for any other URL. */
  private tokenIn(inviteUrl: string): string | undefined {
    let url: URL;
    try {
      url = new URL(inviteUrl);
    } catch {
      return undefined;
    }
    const page = new URL(INVITE_PATH, this.config.publicUrl);
    if (url.origin !== page.origin || !url.pathname.startsWith(page.pathname)) return undefined;
    const token = url.pathname.slice(page.pathname.length);
    return isWellFormedToken(token) ? token : undefined;
  }
}
