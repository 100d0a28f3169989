import type { DoorHolder, DoorRoster } from '../../api/types';
import { isOnOrAfterDay } from '../../lib/festival-day';
import type { DoorScanRecord } from './door-list-store';

type Ticket = DoorRoster['tickets'][number];

/** What the door's list says of a ticket read, at once and without the network. */
type ListVerdict =
  | { kind: 'not-on-list' }
  | { kind: 'not-yet'; ticket: Ticket; message: string }
  | { kind: 'already'; ticket: Ticket }
  | { kind: 'choose'; ticket: Ticket }
  | { kind: 'admit'; ticket: Ticket };

/**
 * The list as the door sees it now: as downloaded, with the scans the server does not have yet
 * applied the way the server applies them (`DoorService`): an approved holder is let in by the
 * earliest scan that names them.
 */
export function withScans(roster: DoorRoster, scans: readonly DoorScanRecord[]): DoorRoster {
  const admissions = new Map<string, DoorScanRecord>();
  for (const scan of scans) {
    if (scan.result || scan.shown !== 'admitted') continue;
    const ticket = roster.tickets.find((each) => each.code === scan.code);
    for (const holder of ticket?.holders ?? []) {
      const named = !scan.holderIds || scan.holderIds.includes(holder.userId);
      const earlier = admissions.get(holder.userId);
      if (named && (!earlier || earlier.scannedAt > scan.scannedAt)) admissions.set(holder.userId, scan);
    }
  }
  if (admissions.size === 0) return roster;
  const admitted = (holder: DoorHolder): DoorHolder => {
    const scan = admissions.get(holder.userId);
    const first = scan && holder.approved && (!holder.isPresent || (holder.checkedInAt ?? '') > scan.scannedAt);
    return first ? { ...holder, isPresent: true, checkedInAt: scan.scannedAt, checkedInDoor: scan.door, checkedInScan: scan.id } : holder;
  };
  return { ...roster, tickets: roster.tickets.map((ticket) => ({ ...ticket, holders: ticket.holders.map(admitted) })) };
}

/** The list's verdict on a ticket's code at `nowMs`, by the server's rules: its event's day, approval, and whether its holders are in. */
export function judge(roster: DoorRoster, code: string, nowMs: number): ListVerdict {
  const ticket = roster.tickets.find((each) => each.code === code);
  if (!ticket) return { kind: 'not-on-list' };
  const { eventDate } = roster.event;
  if (!eventDate) return { kind: 'not-yet', ticket, message: 'This event has no date yet.' };
  if (!isOnOrAfterDay(eventDate, nowMs)) return { kind: 'not-yet', ticket, message: 'Attendance can be marked only on the event date.' };
  const waiting = ticket.holders.find((holder) => !holder.approved);
  if (waiting) return { kind: 'not-yet', ticket, message: `${waiting.teamName ?? waiting.name} is still waiting for approval` };
  if (ticket.holders.every((holder) => holder.isPresent)) return { kind: 'already', ticket };
  return ticket.holders.some((holder) => holder.teamId) ? { kind: 'choose', ticket } : { kind: 'admit', ticket };
}

/** How many of the students expected (approved) are in, by the list as the door sees it. */
export function attendanceOf(roster: DoorRoster): { present: number; expected: number } {
  const expected = roster.tickets.flatMap((ticket) => ticket.holders.filter((holder) => holder.approved));
  return { present: expected.filter((holder) => holder.isPresent).length, expected: expected.length };
}

/**
 * The scans this door showed as letting someone in that another door's earlier scan let in first:
 * the door learns it when the server answers its sync, or from a list downloaded since.
 */
export function overtaken(roster: DoorRoster, scans: readonly DoorScanRecord[]): { scan: DoorScanRecord; holders: DoorHolder[] }[] {
  return scans.flatMap((scan) => {
    if (scan.shown !== 'admitted' || !scan.result) return [];
    const ticket = roster.tickets.find((each) => each.code === scan.code);
    const named = (ticket?.holders ?? []).filter((holder) => !scan.holderIds || scan.holderIds.includes(holder.userId));
    return named.length > 0 && named.every((holder) => holder.checkedInScan !== scan.id) ? [{ scan, holders: named }] : [];
  });
}

/** The list with the holders as the server's answers to a sync say they now stand. */
export function withResults(roster: DoorRoster, scans: readonly DoorScanRecord[]): DoorRoster {
  const latest = new Map(scans.flatMap((scan) => (scan.result && scan.result.holders.length > 0 ? [[scan.code, scan.result.holders] as const] : [])));
  if (latest.size === 0) return roster;
  return { ...roster, tickets: roster.tickets.map((ticket) => ({ ...ticket, holders: latest.get(ticket.code) ?? ticket.holders })) };
}
