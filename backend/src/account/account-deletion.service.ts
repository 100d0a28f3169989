import { ConflictException, Inject, Injectable } from '@nestjs/common';
import { AdminInvitesService } from '../admin/admin-invites.service.js';
import { AuditService } from '../audit/audit.service.js';
import { AccountAccessService } from '../auth/account-access.service.js';
import { CertificatesService } from '../certificates/certificates.service.js';
import { Clock } from '../common/clock.js';
import { canonicalEmail } from '../common/email-address.js';
import { type AccountTraces, DELETED_ACCOUNT } from '../common/erasure.js';
import { fieldError } from '../common/field-error.js';
import type { SessionUser } from '../common/session-user.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { DatabaseService, type Executor } from '../database/database.service.js';
import type { EventRow } from '../database/schema/events.js';
import type { UserRow } from '../database/schema/users.js';
import { EventsService } from '../events/events.service.js';
import { InvitesService } from '../invites/invites.service.js';
import { MailService } from '../mail/mail.service.js';
import { MessagesService } from '../messages/messages.service.js';
import { RegistrationsService } from '../registrations/registrations.service.js';
import { SeatsService } from '../seats/seats.service.js';
import { type TeamDeparture, TeamDepartureService } from '../teams/team-departure.service.js';
import { TeamsService } from '../teams/teams.service.js';
import { ThrottlingService } from '../throttling/throttling.service.js';
import { PasswordHasher } from '../users/password-hasher.js';
import { SignupsService } from '../users/signups.service.js';
import { UsersService } from '../users/users.service.js';
import { WaitlistService } from '../waitlist/waitlist.service.js';
import { teamMemberGoneMail } from './account.mails.js';
import { DataExportService } from './data-export.service.js';

const ALREADY_DELETED = 'This account has already been deleted.';
const LAST_SUPER_ADMIN = 'The last super admin cannot delete their account: make someone else a super admin first.';
const WRONG_EMAIL = 'Type the e-mail address of this account';
const WRONG_PASSWORD = 'The password is not right';
const CHANGED_MEANWHILE = 'Your registrations changed while your account was being deleted (a team registered you, say). Nothing was deleted: try again.';

/** An event that has not started yet: leaving it gives its seat, its team and its line back. Started ones are the record. */
const notStarted = (now: Date) => (event: EventRow) => !event.eventDate || event.eventDate > now;

/**
 * Deleting an account, all in one transaction. For each event not started that it takes part
 * in, taken in the seat owner's lock order (event by event, by id): its place in line is given
 * up (a team's passes to the team's next leader), it leaves its team (which passes to the next
 * member, or is dissolved when it was alone), and its own seat is given back, each freed seat
 * offered to the line. Its pending invitations are withdrawn. Then, with its row locked (which
 * waits for any registration being written for it), its personal data is erased everywhere: the
 * row keeps the placeholder for the records others rely on (past teams, results, attendance).
 */
@Injectable()
export class AccountDeletionService {
  constructor(
    private readonly users: UsersService,
    private readonly passwords: PasswordHasher,
    private readonly events: EventsService,
    private readonly registrations: RegistrationsService,
    private readonly seats: SeatsService,
    private readonly waitlist: WaitlistService,
    private readonly departures: TeamDepartureService,
    private readonly teams: TeamsService,
    private readonly invites: InvitesService,
    private readonly access: AccountAccessService,
    private readonly signups: SignupsService,
    private readonly throttling: ThrottlingService,
    private readonly certificates: CertificatesService,
    private readonly messages: MessagesService,
    private readonly mail: MailService,
    private readonly adminInvites: AdminInvitesService,
    private readonly exports: DataExportService,
    private readonly audit: AuditService,
    private readonly database: DatabaseService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Deletes the asking account once its address and password are confirmed. */
  async delete(asking: SessionUser, confirmation: { email: string; password: string }): Promise<void> {
    const account = await this.users.findById(asking.id);
    if (!account || account.deletedAt) throw new ConflictException(ALREADY_DELETED);
    if (canonicalEmail(confirmation.email) !== account.email) throw fieldError('email', WRONG_EMAIL);
    if (!(await this.passwords.verify(account.passwordHash, confirmation.password))) throw fieldError('password', WRONG_PASSWORD);
    await this.database.transaction(async (tx) => {
      const now = this.clock.now();
      if (account.role === 'superadmin') await this.refuseLastSuperAdmin(account.id, tx);
      const departures = await this.leaveEvents(account.id, now, tx);
      await this.invites.withdrawAllOf(account.id, tx);
      const locked = await this.users.lock(account.id, tx);
      if (!locked || locked.deletedAt) throw new ConflictException(ALREADY_DELETED);
      // A registration written for the account before the lock was taken is found here: the
      // deletion leaves nothing behind that it did not give back.
      if ((await this.eventsTakenPartIn(account.id, now, tx)).length > 0) throw new ConflictException(CHANGED_MEANWHILE);
      const traces = await this.tracesOf(locked, tx);
      // Teams named after the account are renamed first, so their members are told the new name.
      await this.departures.eraseMentions(traces, tx);
      await this.tellTeams(departures, tx);
      await this.erase(locked, traces, now, tx);
    });
    this.events.listChanged();
  }

  /** Super admins' rows locked first, as every role change takes them: two leaving at once are counted one after the other. */
  private async refuseLastSuperAdmin(accountId: string, tx: Executor): Promise<void> {
    const superAdmins = await this.users.lockSuperAdmins(tx);
    if (superAdmins.length === 1 && superAdmins[0] === accountId) throw new ConflictException(LAST_SUPER_ADMIN);
  }

  /** The events not started the account holds a seat in, is in a team of, or waits in line for, by id. */
  private async eventsTakenPartIn(accountId: string, now: Date, tx: Executor): Promise<EventRow[]> {
    const ids = new Set([
      ...(await this.registrations.eventIdsHeldBy(accountId, tx)),
      ...(await this.departures.eventIdsOf(accountId, tx)),
      ...(await this.waitlist.eventIdsInLineOf(accountId, tx)),
    ]);
    const events = await this.events.findByIds([...ids], tx);
    return events.filter(notStarted(now)).sort((a, b) => a.id.localeCompare(b.id));
  }

  /** Gives up the account's place in each event not started, under that event's locks. */
  private async leaveEvents(accountId: string, now: Date, tx: Executor): Promise<TeamDeparture[]> {
    const departures: TeamDeparture[] = [];
    for (const event of await this.eventsTakenPartIn(accountId, now, tx)) {
      const team = await this.departures.teamOf(accountId, event.id, tx);
      await this.seats.lockForDeparture(event.id, team?.id, tx);
      const successor = team?.leaderId === accountId ? await this.departures.successorOf(team.id, accountId, tx) : undefined;
      await this.waitlist.departForGood(accountId, event.id, successor, tx);
      const departure = team ? await this.departures.depart(accountId, team, event, tx) : undefined;
      if (departure) departures.push(departure);
      await this.seats.cancel(event.id, { userId: accountId, teamId: null }, tx);
    }
    return departures;
  }

  /** Tells the members still in each team the account left what became of it (a dissolved team has nobody left to tell). */
  private async tellTeams(departures: readonly TeamDeparture[], tx: Executor): Promise<void> {
    const teamNames = await this.teams.teamNames(
      departures.map(({ team }) => team.id),
      tx,
    );
    for (const { event, team, outcome, remainingIds } of departures) {
      const members = await this.users.findByIds(remainingIds, tx);
      const leader = outcome === 'passed-on' ? members.find((member) => member.id === remainingIds[0]) : undefined;
      const url = new URL(`/event/${event.id}`, this.config.publicUrl).toString();
      for (const member of members) {
        const mail = { to: member.email, studentName: member.name, eventName: event.name, teamName: teamNames.get(team.id) ?? team.name, url };
        const standing = { newLeaderName: leader?.name ?? null, members: members.length, registered: team.registeredAt !== null };
        await this.mail.send(teamMemberGoneMail({ ...mail, ...standing }), tx);
      }
    }
  }

  /** What identifies the account in text others keep: its names (former ones too), address and roll number. */
  private async tracesOf(account: UserRow, tx: Executor): Promise<AccountTraces> {
    return {
      names: [account.name, ...(await this.audit.formerNamesOf(account.id, tx))],
      email: account.email,
      rollNumber: account.rollNumber,
    };
  }

  /**
   * Erases the account's personal data from every module's tables, and closes every way into it
   * (its sessions end everywhere). The deletion itself is recorded under the placeholder.
   */
  private async erase(account: UserRow, traces: AccountTraces, now: Date, tx: Executor): Promise<void> {
    await this.access.closeAll(account.id, tx);
    await this.signups.forget(account.email, tx);
    await this.throttling.forget(traces, tx);
    await this.certificates.eraseHolder(account.id, traces, tx);
    await this.messages.eraseTraces(account.id, traces, tx);
    await this.mail.eraseTraces(traces, tx);
    await this.adminInvites.eraseAcceptedBy(account.id, tx);
    await this.events.removeStaffInCharge(account.id, account.email, tx);
    await this.exports.forget(account.id, tx);
    await this.users.erase(account.id, now, tx);
    await this.audit.eraseTraces(account.id, traces, tx);
    const placeholder = { id: account.id, name: DELETED_ACCOUNT, email: DELETED_ACCOUNT };
    await this.audit.record(
      { actor: placeholder, action: 'user.account_deleted', club: null, subject: { type: 'user', id: account.id, label: DELETED_ACCOUNT } },
      tx,
    );
  }
}
