import { Injectable, NotFoundException } from '@nestjs/common';
import { AuditService, changedFields } from '../audit/audit.service.js';
import { Clock } from '../common/clock.js';
import { uniqueConflict } from '../common/conflicts.js';
import { fieldError } from '../common/field-error.js';
import type { SessionUser } from '../common/session-user.js';
import { DatabaseService, type Executor } from '../database/database.service.js';
import type { AuditAction, AuditChanges } from '../database/schema/audit.js';
import type { ClubRow } from '../database/schema/clubs.js';
import type { ClubChangesDto, NewClubDto } from './clubs.dto.js';
import { ClubsRepository, ONE_CLUB_PER_NAME } from './clubs.repository.js';

/** A club's fields as the audit trail records them (`clubName`, as an event's is `name`). */
const audited = (club: Pick<ClubRow, 'name' | 'description'>) => ({ clubName: club.name, description: club.description });

const nameTaken = (name: string) => ({ message: `A club named ${name} already exists.`, field: 'name' });

/**
 * The clubs that run the festival's events, as the super admin keeps them: created, renamed,
 * described, retired and brought back, each change audited. A club is named by other rows (an
 * event's club, a club admin's, an invitation's), and a rename follows into them (the foreign
 * key's ON UPDATE CASCADE). A retired club keeps its past events, admins and results; it takes no
 * new event, admin or invitation (`requireOpen`, which the modules that add them call in their
 * transaction).
 */
@Injectable()
export class ClubsService {
  constructor(
    private readonly clubs: ClubsRepository,
    private readonly audit: AuditService,
    private readonly database: DatabaseService,
    private readonly clock: Clock,
  ) {}

  list(): Promise<ClubRow[]> {
    return this.clubs.list();
  }

  /** The club of that name, retired or not; 404 when there is none (a club's export). */
  async named(name: string): Promise<ClubRow> {
    const club = await this.clubs.findByName(name);
    if (!club) throw new NotFoundException('Club not found');
    return club;
  }

  /**
   * Refuses a club that does not exist or is retired, naming `field`, in the caller's
   * transaction: the club's row stays share-locked until it commits, so a retirement made at the
   * same moment either comes first (and this refuses) or waits for it.
   */
  async requireOpen(name: string | null | undefined, field: string, executor: Executor): Promise<string> {
    const club = name ? await this.clubs.findByNameForShare(name, executor) : undefined;
    if (!club) throw fieldError(field, 'Please select a club');
    if (club.retiredAt) throw fieldError(field, `${club.name} is retired: it takes no new events, admins or invitations.`);
    return club.name;
  }

  async create(form: NewClubDto, actor: SessionUser): Promise<ClubRow> {
    return this.write(form.name, async (tx) => {
      const club = await this.clubs.insert({ name: form.name, description: form.description ?? '' }, this.clock.now(), tx);
      await this.record(actor, 'club.created', club, changedFields({}, audited(club)), tx);
      return club;
    });
  }

  /** Renames or describes the club; a new name follows into its events, admins and invitations. */
  async change(id: string, form: ClubChangesDto, actor: SessionUser): Promise<ClubRow> {
    return this.write(form.name ?? '', async (tx) => {
      const before = await this.lockedClub(id, tx);
      const after = await this.clubs.update(id, { name: form.name, description: form.description }, this.clock.now(), tx);
      if (!after) throw new NotFoundException('Club not found');
      await this.record(actor, 'club.updated', after, changedFields(audited(before), audited(after)), tx);
      return after;
    });
  }

  /** Retires the club (`retire`) or brings it back; answers it as it stands. Doing what is already so changes nothing. */
  async setRetired(id: string, retire: boolean, actor: SessionUser): Promise<ClubRow> {
    return this.database.transaction(async (tx) => {
      const before = await this.lockedClub(id, tx);
      if ((before.retiredAt !== null) === retire) return before;
      const after = await this.clubs.update(id, { retiredAt: retire ? this.clock.now() : null }, this.clock.now(), tx);
      if (!after) throw new NotFoundException('Club not found');
      await this.record(actor, retire ? 'club.retired' : 'club.restored', after, {}, tx);
      return after;
    });
  }

  private async lockedClub(id: string, tx: Executor): Promise<ClubRow> {
    const club = await this.clubs.lockById(id, tx);
    if (!club) throw new NotFoundException('Club not found');
    return club;
  }

  /** Runs a write whose unique name may be taken meanwhile, answering 409 naming `name` then. */
  private async write(name: string, work: (tx: Executor) => Promise<ClubRow>): Promise<ClubRow> {
    try {
      return await this.database.transaction(work);
    } catch (error) {
      throw uniqueConflict(error, { [ONE_CLUB_PER_NAME]: nameTaken(name), clubs_name_key: nameTaken(name) }) ?? error;
    }
  }

  private record(actor: SessionUser, action: AuditAction, club: ClubRow, changes: AuditChanges, tx: Executor) {
    return this.audit.record({ actor, action, club: club.name, subject: { type: 'club', id: club.id, label: club.name }, changes }, tx);
  }
}
