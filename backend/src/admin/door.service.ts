import { ConflictException, Injectable } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import type { SessionUser } from '../common/session-user.js';
import { ticketCodeOf } from '../common/ticket-code.js';
import { DatabaseService, type Executor } from '../database/database.service.js';
import type { DoorScanRow, DoorScanVerdict } from '../database/schema/door-scans.js';
import type { EventRow } from '../database/schema/events.js';
import type { RegistrationRow } from '../database/schema/registrations.js';
import { EventsService } from '../events/events.service.js';
import { type DoorAdmission, RegistrationsService } from '../registrations/registrations.service.js';
import { DoorScansRepository, type NewDoorScan } from './door-scans.repository.js';
import type { DoorScan, DoorScansDto } from './door.dto.js';
import type { DoorHolderResponse, DoorRosterResponse, DoorScanOutcome, DoorScanResultResponse } from './door.response.js';
import { EventDayService } from './event-day.service.js';

/**
 * The door that works without the network (docs/decisions.md, "The door offline"): it downloads the
 * event's list of tickets, judges each scan on the phone, and sends its scans when it can. The
 * server applies them in the order they happened, whichever door sends first: the first scan of a
 * ticket by time lets its holders in, a later one (from this door or another) finds them in, and a
 * scan sent again is known by its id and changes nothing.
 */
@Injectable()
export class DoorService {
  constructor(
    private readonly events: EventsService,
    private readonly registrations: RegistrationsService,
    private readonly eventDay: EventDayService,
    private readonly scans: DoorScansRepository,
    private readonly database: DatabaseService,
    private readonly clock: Clock,
  ) {}

  /** Every ticket of the event still holding its seat, with its holders as they stand. */
  async roster(admin: SessionUser, eventId: string): Promise<DoorRosterResponse> {
    const event = await this.events.getAdministered(admin, eventId);
    this.events.requireOpenEdition(event);
    const takenAt = this.clock.now();
    const holders = await this.holders(await this.registrations.standingOf(event.id));
    const tickets = new Map<string, DoorHolderResponse[]>();
    for (const holder of holders) tickets.set(holder.code, [...(tickets.get(holder.code) ?? []), holder.holder]);
    return {
      event: { _id: event.id, name: event.name, eventDate: event.eventDate?.toISOString() ?? null },
      tickets: [...tickets].map(([code, ticketHolders]) => ({ code, holders: ticketHolders })),
      takenAt: takenAt.toISOString(),
    };
  }

  /**
   * Applies a door's scans in one transaction holding the event's row, as every attendance change
   * does (`EventDayService`): two doors' syncs of one ticket take turns, and the earlier scan wins.
   */
  async sync(admin: SessionUser, eventId: string, { door, scans }: DoorScansDto): Promise<DoorScanResultResponse[]> {
    const event = await this.events.getAdministered(admin, eventId);
    const sent = [...new Map(scans.map((scan) => [scan.id, scan])).values()];
    const { stored, replayed } = await this.database.transaction(async (tx) => {
      const locked = await this.events.lock(event.id, tx);
      this.events.requireOpenEdition(locked);
      const known = await this.scans.findByIds(
        sent.map((scan) => scan.id),
        tx,
      );
      if (known.some((scan) => scan.eventId !== event.id)) throw new ConflictException('A scan of this sync was sent for another event.');
      const knownIds = new Set(known.map((scan) => scan.id));
      const fresh = await this.judge(
        locked,
        sent.filter((scan) => !knownIds.has(scan.id)),
        { adminId: admin.id, door },
        tx,
      );
      if ((await this.scans.insert(fresh.rows, tx)) < fresh.rows.length) throw new ConflictException('This sync was sent twice at once. Please send it again.');
      await this.registrations.admitAtDoor(event.id, fresh.admissions, tx);
      return { stored: new Map([...known, ...fresh.rows].map((row) => [row.id, row])), replayed: knownIds };
    });
    return this.results(
      event.id,
      sent.flatMap((scan) => stored.get(scan.id) ?? []),
      replayed,
    );
  }

  /** The verdict on each new scan, in the order they happened, and whom the valid ones let in (each student by their earliest). */
  private async judge(
    event: EventRow,
    scans: readonly DoorScan[],
    by: { adminId: string; door: string },
    tx: Executor,
  ): Promise<{ rows: NewDoorScan[]; admissions: DoorAdmission[] }> {
    const now = this.clock.now();
    const timed = scans
      .map((scan) => ({ scan, code: ticketCodeOf(scan.code), at: new Date(Math.min(Date.parse(scan.scannedAt), now.getTime())) }))
      .sort((a, b) => a.at.getTime() - b.at.getTime());
    const tickets = await this.registrations.standingByTickets(
      timed.flatMap(({ code }) => (code ? [code] : [])),
      tx,
    );
    const rows: NewDoorScan[] = [];
    const admissions = new Map<string, DoorAdmission>();
    for (const { scan, code, at } of timed) {
      const holders = tickets.filter((ticket) => ticket.ticketCode === code);
      const named = scan.holderIds ? holders.filter((holder) => scan.holderIds?.includes(holder.userId)) : holders;
      const verdict = this.verdict(event, holders, named.length > 0 ? named : holders, at);
      rows.push({
        id: scan.id,
        eventId: event.id,
        adminId: by.adminId,
        door: by.door,
        code: code ?? scan.code,
        holderIds: scan.holderIds ?? null,
        scannedAt: at,
        verdict,
      });
      if (verdict !== 'admitted') continue;
      for (const holder of named.length > 0 ? named : holders) {
        if (!admissions.has(holder.userId)) admissions.set(holder.userId, { userId: holder.userId, at, door: by.door, scanId: scan.id });
      }
    }
    return { rows, admissions: [...admissions.values()] };
  }

  private verdict(event: EventRow, holders: readonly RegistrationRow[], named: readonly RegistrationRow[], at: Date): DoorScanVerdict {
    if (holders.length === 0) return 'unknown';
    if (holders[0].eventId !== event.id) return 'other-event';
    if (this.events.festivalClock.eventDayRefusal(event.eventDate, at)) return 'before-the-day';
    if (named.some((holder) => holder.status !== 'approved')) return 'not-approved';
    return 'admitted';
  }

  /** Each scan's outcome, read after the sync: an admission a scan made may have gone to an earlier one since. */
  private async results(eventId: string, stored: readonly (DoorScanRow | NewDoorScan)[], replayed: ReadonlySet<string>): Promise<DoorScanResultResponse[]> {
    const standing = await this.registrations.standingOf(eventId);
    const holders = await this.holders(standing);
    return stored.map((scan) => {
      const ofTicket =
        scan.verdict === 'unknown' || scan.verdict === 'other-event' ? [] : holders.filter((holder) => holder.code === scan.code).map((each) => each.holder);
      return { id: scan.id, outcome: outcomeOf(scan, ofTicket), replayed: replayed.has(scan.id), holders: ofTicket };
    });
  }

  /** The registrations as the door shows their holders, each with their ticket's code. */
  private async holders(rows: readonly RegistrationRow[]): Promise<{ code: string; holder: DoorHolderResponse }[]> {
    const byUser = new Map(rows.map((row) => [row.userId, row]));
    return (await this.eventDay.asApplicants(rows)).flatMap((applicant) => {
      const row = byUser.get(applicant.userId);
      return row ? [{ code: row.ticketCode, holder: Object.assign(applicant, { approved: row.status === 'approved', checkedInScan: row.checkedInScan }) }] : [];
    });
  }
}

/** `admitted` while the scan holds the admission of one student it names; `already` once every one of them came in by another. */
function outcomeOf(scan: Pick<DoorScanRow, 'id' | 'verdict' | 'holderIds'>, holders: readonly DoorHolderResponse[]): DoorScanOutcome {
  if (scan.verdict !== 'admitted') return scan.verdict;
  const named = holders.filter((holder) => !scan.holderIds || scan.holderIds.includes(holder.userId));
  return named.some((holder) => holder.checkedInScan === scan.id) ? 'admitted' : 'already';
}
