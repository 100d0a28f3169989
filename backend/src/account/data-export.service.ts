import { Injectable, NotFoundException } from '@nestjs/common';
import { AuditService } from '../audit/audit.service.js';
import { SessionsService } from '../auth/sessions.service.js';
import { CertificatesService } from '../certificates/certificates.service.js';
import { Clock } from '../common/clock.js';
import { ScheduledJob } from '../common/scheduled-job.js';
import type { SessionUser } from '../common/session-user.js';
import { DatabaseService, type Executor } from '../database/database.service.js';
import type { DataExportRow } from '../database/schema/data-exports.js';
import { EventsService } from '../events/events.service.js';
import { InvitesService } from '../invites/invites.service.js';
import { MailService } from '../mail/mail.service.js';
import { MessagesService } from '../messages/messages.service.js';
import { RegistrationsService } from '../registrations/registrations.service.js';
import { ResultsService } from '../results/results.service.js';
import { TeamsService } from '../teams/teams.service.js';
import { UsersService } from '../users/users.service.js';
import { WaitlistService } from '../waitlist/waitlist.service.js';
import { DataExportsRepository } from './data-exports.repository.js';

/** How long a prepared download is offered (the privacy page says so). */
export const DATA_EXPORT_HOURS = 24;

const NONE_READY = `You have no download ready: prepare one first. A download is offered for ${DATA_EXPORT_HOURS} hours.`;

/** Every event's name by id, for the download to say which event each record is about. */
type EventNames = Map<string, string>;

/** A record as the download shows it: its fields, the event's name beside its id, and no secret (a token's hash). */
function shown(row: { eventId: string | null; tokenHash?: string }, eventNames: EventNames): Record<string, unknown> {
  const { tokenHash: _secret, ...fields } = row;
  return { event: row.eventId ? (eventNames.get(row.eventId) ?? null) : null, ...fields };
}

/**
 * What the festival holds about an account, gathered from every module into one JSON document
 * its owner downloads: prepared on request (a read of each module's records), kept as the text
 * served for `DATA_EXPORT_HOURS`, then purged. Secrets (password and token hashes) are left out.
 */
@Injectable()
export class DataExportService {
  constructor(
    private readonly downloads: DataExportsRepository,
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly registrations: RegistrationsService,
    private readonly teams: TeamsService,
    private readonly invites: InvitesService,
    private readonly waitlist: WaitlistService,
    private readonly results: ResultsService,
    private readonly certificates: CertificatesService,
    private readonly messages: MessagesService,
    private readonly mail: MailService,
    private readonly audit: AuditService,
    private readonly events: EventsService,
    private readonly database: DatabaseService,
    private readonly clock: Clock,
  ) {}

  /** Gathers the account's data now and offers it in place of any earlier download. */
  async prepare(user: SessionUser): Promise<DataExportRow> {
    const now = this.clock.now();
    const content = JSON.stringify(await this.gather(user, now), null, 2);
    const expiresAt = new Date(now.getTime() + DATA_EXPORT_HOURS * 60 * 60 * 1000);
    return this.database.transaction(async (tx) => {
      await this.downloads.deleteAllOf(user.id, tx);
      return this.downloads.insert({ userId: user.id, content, createdAt: now, expiresAt }, tx);
    });
  }

  /** The download still offered, if any. */
  offered(user: SessionUser): Promise<DataExportRow | undefined> {
    return this.downloads.findOffered(user.id, this.clock.now());
  }

  /** The file of the download still offered; 404 when none is. */
  async file(user: SessionUser): Promise<{ fileName: string; content: string }> {
    const download = await this.offered(user);
    if (!download) throw new NotFoundException(NONE_READY);
    return { fileName: `festival-data-${download.createdAt.toISOString().slice(0, 10)}.json`, content: download.content };
  }

  /** The account's downloads, deleted with it (its deletion's transaction). */
  forget(userId: string, executor: Executor): Promise<void> {
    return this.downloads.deleteAllOf(userId, executor);
  }

  /** One DELETE of downloads past their time; safe on every instance. */
  @ScheduledJob('purge-data-exports', 60 * 60 * 1000)
  purgeExpired(): Promise<void> {
    return this.downloads.deleteExpired(this.clock.now());
  }

  /** Everything held about the account, module by module, as plain records. */
  private async gather(user: SessionUser, now: Date): Promise<Record<string, unknown>> {
    const account = await this.users.findById(user.id);
    if (!account) throw new NotFoundException('This account no longer exists.');
    const { passwordHash: _secret, verifiedLinkHash: _link, ...profile } = account;
    const registrations = await this.registrations.registrationsOf(user.id);
    const teamIds = await this.teams.teamIdsOf(user.id);
    const [rosters, invites, waitlist, places] = [
      await this.teams.rosters(teamIds),
      await this.invites.allOf(user.id),
      await this.waitlist.allEntriesOf(user.id),
      await this.results.wonBy(user.id, teamIds),
    ];
    const eventIds = [...rosters.map(({ team }) => team), ...invites, ...waitlist, ...places].map((row) => row.eventId);
    const eventNames: EventNames = new Map([
      ...registrations.map(({ event }) => [event.id, event.name] as const),
      ...(await this.events.findByIds([...new Set(eventIds)])).map((event) => [event.id, event.name] as const),
    ]);
    return {
      about: 'Everything the festival holds about your account, as it stood when this file was prepared.',
      preparedAt: now.toISOString(),
      account: profile,
      signIns: await this.sessions.signInsOf(user.id),
      registrations: registrations.map(({ registration }) => shown(registration, eventNames)),
      teams: rosters.map(({ team, members }) => ({ ...shown(team, eventNames), leading: team.leaderId === user.id, members: members.length })),
      invitations: invites.map((invite) => ({ ...shown(invite, eventNames), sentByYou: invite.inviterId === user.id })),
      waitlist: waitlist.map((entry) => shown(entry, eventNames)),
      results: places.map((place) => shown(place, eventNames)),
      certificates: await this.certificates.allOfStudent(user.id),
      notifications: await this.messages.toStudent(user),
      emails: await this.mail.sentTo(account.email),
      auditTrail: (await this.audit.about(user.id)).map((record) => ({ ...record })),
    };
  }
}
