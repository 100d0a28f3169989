import { useRef, useState } from 'react';
import { useMarkAttendanceMutation } from '../../api/applicants-api';
import { isApiError } from '../../api/base-api';
import type { Applicant, DoorRoster, DoorTicket } from '../../api/types';
import { useCheckInMutation, useLazyGetTicketQuery } from './door-api';
import { judge } from './door-list';
import type { DoorScanRecord } from './door-list-store';

/** A ticket's code: 16 characters without look-alikes, typed or read in any case, with spaces or dashes. */
const CODE = /^[0-9A-HJKMNP-TV-Z]{16}$/;
/** A ticket made before the codes were typeable: 22 base64url characters, matched exactly as issued. */
const EARLIER_CODE = /^[A-Za-z0-9_-]{22}$/;

/**
 * The code a scanned or typed text names, as the server reads it (`common/ticket-code.ts`):
 * capitals, no spaces or dashes, O read as 0 and I and L as 1. Nothing for a text that is no
 * ticket's code, which the server would not know either.
 */
export function ticketCodeOf(text: string): string | undefined {
  // An earlier ticket shows its code in fours too: the spaces are not part of it.
  const compact = text.replace(/\s+/g, '');
  if (EARLIER_CODE.test(compact)) return compact;
  const code = compact.replace(/-+/g, '').toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1');
  return CODE.test(code) ? code : undefined;
}

type EventRef = DoorTicket['event'];

/** What the door shows after a ticket is read or a student is marked. */
export type Outcome =
  | { kind: 'looking' }
  | { kind: 'checked-in'; event: EventRef; holders: Applicant[] }
  | { kind: 'already'; event: EventRef; holders: Applicant[] }
  /** A team's ticket: the admin ticks the members who are at the door; `notice` says why it was read again. */
  | { kind: 'choose'; code: string; event: EventRef; holders: Applicant[]; notice?: string }
  /** The server's "not yet" (409): before the event's day, or a registration still waiting for approval; `message` says which. */
  | { kind: 'not-yet'; event: EventRef; holders: Applicant[]; message: string }
  | { kind: 'other-club' }
  | { kind: 'unknown' }
  /** A code the door's list does not hold: another event's ticket, or none (the server tells which once the scan is sent). */
  | { kind: 'not-on-list'; event: EventRef }
  /** A mark by name the server refused for a reason of its own (not the admin's event, no seat). */
  | { kind: 'refused'; message: string }
  /** No answer, or a failure on the server's side: trying again may help, so `retry` is offered. */
  | { kind: 'failed'; message: string; retry?: () => void };

/** The outcome on screen; `id` is new for each one, so the screen can flash for every result. */
export interface ShownOutcome {
  outcome: Outcome;
  id: number;
}

const statusOf = (error: unknown) => (isApiError(error) ? error.status : null);
const messageOf = (error: unknown) => (isApiError(error) ? error.message : 'Something went wrong. Please try again.');
/** Only an answer that never came or a server's failure can turn out otherwise when asked again. */
const mayPassLater = (status: number | null) => status === null || status >= 500;

const failure = (error: unknown, retry: () => void): Outcome => ({
  kind: 'failed',
  message: messageOf(error),
  retry: mayPassLater(statusOf(error)) ? retry : undefined,
});

/** The event's list kept on the phone (`useDoorList`): when there is one, tickets are judged by it, without the network. */
interface ListDoor {
  roster: DoorRoster;
  doorName: string;
  record: (scan: Pick<DoorScanRecord, 'code' | 'holderIds' | 'shown'>) => Promise<void>;
}

/** The most of a scanned text a door records: what a forged QR held, cut to the server's limit. */
const RECORDED_TEXT = 200;

/**
 * The door's work: read a ticket, then check its holders in (a solo ticket at once, a team's once
 * the admin has ticked who arrived), or mark a student found by name. The server applies the club
 * and event-day rules; this turns its answers into the outcome shown.
 *
 * An answer lands only if nothing was shown (or cleared) since it was asked for: a slow answer must
 * not cover the next student's verdict, nor the screen the admin moved on to.
 */
export function useDoorCheckIn(list?: ListDoor) {
  const [shown, setShown] = useState<ShownOutcome | null>(null);
  // Counts every outcome shown and every clearing, so no two share an id and an old answer is known as old.
  const latest = useRef(0);
  const lookingNow = useRef(false);
  const [getTicket] = useLazyGetTicketQuery();
  const [checkIn] = useCheckInMutation();
  const [markAttendance] = useMarkAttendanceMutation();
  const show = (outcome: Outcome): number => {
    latest.current += 1;
    lookingNow.current = outcome.kind === 'looking';
    setShown({ outcome, id: latest.current });
    return latest.current;
  };
  /** Shows the answer to the request whose wait was outcome `asked`, unless the screen has moved on. */
  const answer = (asked: number, outcome: Outcome) => asked === latest.current && show(outcome);
  const clear = () => {
    latest.current += 1;
    lookingNow.current = false;
    setShown(null);
  };

  async function admit(code: string, ticket: DoorTicket, userIds?: string[]): Promise<void> {
    const asked = show({ kind: 'looking' });
    try {
      const { holders } = await checkIn({ code, eventId: ticket.event._id, userIds }).unwrap();
      answer(asked, { kind: 'checked-in', event: ticket.event, holders });
    } catch (error) {
      if (asked !== latest.current) return;
      const status = statusOf(error);
      // A member ticked has left the team since the ticket was read: read it again, as it is now.
      if (status === 400 && userIds) await lookUp(code, messageOf(error));
      else if (status === 409) show({ kind: 'not-yet', event: ticket.event, holders: ticket.holders, message: messageOf(error) });
      else if (status === 403) show({ kind: 'other-club' });
      else if (status === 404) show({ kind: 'unknown' });
      else show(failure(error, () => void admit(code, ticket, userIds)));
    }
  }

  async function lookUp(code: string, notice?: string): Promise<void> {
    const asked = show({ kind: 'looking' });
    let ticket: DoorTicket;
    try {
      ticket = await getTicket(code).unwrap();
    } catch (error) {
      const status = statusOf(error);
      if (status === 404) answer(asked, { kind: 'unknown' });
      else if (status === 403) answer(asked, { kind: 'other-club' });
      else
        answer(
          asked,
          failure(error, () => void lookUp(code)),
        );
      return;
    }
    if (asked !== latest.current) return;
    if (ticket.holders.every((holder) => holder.isPresent)) show({ kind: 'already', ...ticket });
    else if (ticket.holders.some((holder) => holder.teamId)) show({ kind: 'choose', code, ...ticket, notice });
    else await admit(code, ticket);
  }

  /** Reads a ticket's code, unless one is being checked already (a double tap, a second scan). */
  async function readTicket(text: string): Promise<void> {
    if (lookingNow.current) return;
    const code = ticketCodeOf(text);
    if (list) readFromList(list, code, text);
    else if (!code) show({ kind: 'unknown' });
    else await lookUp(code);
  }

  /** The list's verdict, shown at once; every scan is recorded for the server, a team's once its members are ticked. */
  function readFromList(door: ListDoor, code: string | undefined, text: string): void {
    const event = { _id: door.roster.event._id, name: door.roster.event.name };
    const outcome = code ? listOutcome(door.roster, code, event) : ({ kind: 'unknown' } as const);
    if (outcome.kind === 'checked-in' && code) {
      admitFromList(door, code, event, outcome.holders);
      return;
    }
    show(outcome);
    // A team's ticket is recorded once its members are ticked (admitChosen).
    if (outcome.kind !== 'choose') void door.record({ code: code ?? text.trim().slice(0, RECORDED_TEXT), shown: 'refused' });
  }

  function admitFromList({ doorName, record }: ListDoor, code: string, event: EventRef, holders: Applicant[], userIds?: string[]): void {
    const now = new Date().toISOString();
    const arrived = (holder: Applicant) => !holder.isPresent && (!userIds || userIds.includes(holder.userId));
    show({
      kind: 'checked-in',
      event,
      holders: holders.map((holder) => (arrived(holder) ? { ...holder, isPresent: true, checkedInAt: now, checkedInDoor: doorName } : holder)),
    });
    void record({ code, holderIds: userIds, shown: 'admitted' });
  }

  /** Checks in the members of a team's ticket the admin ticked. */
  async function admitChosen(userIds: string[]): Promise<void> {
    const outcome = shown?.outcome;
    if (outcome?.kind !== 'choose') return;
    if (list) admitFromList(list, outcome.code, outcome.event, outcome.holders, userIds);
    else await admit(outcome.code, outcome, userIds);
  }

  /** Marks present a student found by name or roll number. */
  async function markByName(event: EventRef, student: Applicant): Promise<void> {
    if (lookingNow.current) return;
    if (student.isPresent) {
      show({ kind: 'already', event, holders: [student] });
      return;
    }
    const asked = show({ kind: 'looking' });
    try {
      const { updated } = await markAttendance({ eventId: event._id, attendance: [{ userId: student.userId, isPresent: true }] }).unwrap();
      // The server answers how many marks changed, not when: no time is shown rather than the phone's.
      const holders = [{ ...student, isPresent: true, checkedInAt: null }];
      answer(asked, { kind: updated === 0 ? 'already' : 'checked-in', event, holders });
    } catch (error) {
      if (asked === latest.current) show(markRefusal(error, event, student, () => void markByName(event, student)));
    }
  }

  return { shown, readTicket, admitChosen, markByName, clear };
}

/** The list's verdict on a ticket as the door shows it; `checked-in` stands for "let them in" (the holders before it). */
function listOutcome(roster: DoorRoster, code: string, event: EventRef): Outcome {
  const verdict = judge(roster, code, Date.now());
  if (verdict.kind === 'not-on-list') return { kind: 'not-on-list', event };
  const { holders } = verdict.ticket;
  if (verdict.kind === 'not-yet') return { kind: 'not-yet', event, holders, message: verdict.message };
  if (verdict.kind === 'already') return { kind: 'already', event, holders };
  if (verdict.kind === 'choose') return { kind: 'choose', code, event, holders };
  return { kind: 'checked-in', event, holders };
}

/** The server's refusal of a mark by name, in the words of the search (no ticket is involved). */
function markRefusal(error: unknown, event: EventRef, student: Applicant, retry: () => void): Outcome {
  const status = statusOf(error);
  if (status === 409) return { kind: 'not-yet', event, holders: [student], message: messageOf(error) };
  if (status === 403) return { kind: 'refused', message: `${event.name} is not one of your club's events.` };
  if (status === 404) return { kind: 'refused', message: `${event.name} no longer exists.` };
  // "<name> is not registered for this event": their registration went since the search.
  if (status === 400) return { kind: 'refused', message: messageOf(error) };
  return failure(error, retry);
}
