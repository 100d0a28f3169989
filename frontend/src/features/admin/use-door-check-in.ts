import { useRef, useState } from 'react';
import { isApiError } from '../../api/base-api';
import type { Applicant, DoorTicket } from '../../api/types';
import { useCheckInMutation, useLazyGetTicketQuery, useMarkPresentMutation } from './door-api';

/** A ticket code: 22 base64url characters. Anything else names no ticket, as the server says too. */
export const TICKET_CODE = /^[A-Za-z0-9_-]{22}$/;

type EventRef = DoorTicket['event'];

/** What the door shows after a ticket is read or a student is marked. */
export type Outcome =
  | { kind: 'looking' }
  | { kind: 'checked-in'; event: EventRef; holders: Applicant[] }
  | { kind: 'already'; event: EventRef; holders: Applicant[] }
  /** A team's ticket: the admin ticks the members who are at the door. */
  | { kind: 'choose'; code: string; event: EventRef; holders: Applicant[] }
  | { kind: 'not-the-day'; event: EventRef; holders: Applicant[]; message: string }
  | { kind: 'other-club' }
  | { kind: 'unknown' }
  | { kind: 'failed'; message: string; retry: () => void };

/** The outcome on screen; `id` is new for each one, so the screen can flash for every result. */
export interface ShownOutcome {
  outcome: Outcome;
  id: number;
}

const statusOf = (error: unknown) => (isApiError(error) ? error.status : null);
const messageOf = (error: unknown) => (isApiError(error) ? error.message : 'Something went wrong. Please try again.');

/**
 * The door's work: read a ticket, then check its holders in (a solo ticket at once, a team's once
 * the admin has ticked who arrived), or mark a student found by name. The server applies the club
 * and event-day rules; this turns its answers into the outcome shown.
 */
export function useDoorCheckIn() {
  const [shown, setShown] = useState<ShownOutcome | null>(null);
  // Counts every outcome ever shown, so no two share an id, even after the screen is cleared.
  const shownCount = useRef(0);
  const [getTicket] = useLazyGetTicketQuery();
  const [checkIn] = useCheckInMutation();
  const [markPresent] = useMarkPresentMutation();
  const show = (outcome: Outcome) => {
    shownCount.current += 1;
    setShown({ outcome, id: shownCount.current });
  };

  /** A refusal of a check-in or mark, or the failure to reach the server (with a retry). */
  const refusal = (error: unknown, event: EventRef, holders: Applicant[], retry: () => void): Outcome => {
    const status = statusOf(error);
    if (status === 409) return { kind: 'not-the-day', event, holders, message: messageOf(error) };
    if (status === 403) return { kind: 'other-club' };
    if (status === 404) return { kind: 'unknown' };
    return { kind: 'failed', message: messageOf(error), retry };
  };

  async function admit(code: string, ticket: DoorTicket, userIds?: string[]): Promise<void> {
    show({ kind: 'looking' });
    try {
      const { holders } = await checkIn({ code, eventId: ticket.event._id, userIds }).unwrap();
      show({ kind: 'checked-in', event: ticket.event, holders });
    } catch (error) {
      show(refusal(error, ticket.event, ticket.holders, () => void admit(code, ticket, userIds)));
    }
  }

  async function readTicket(code: string): Promise<void> {
    if (!TICKET_CODE.test(code)) {
      show({ kind: 'unknown' });
      return;
    }
    show({ kind: 'looking' });
    let ticket: DoorTicket;
    try {
      ticket = await getTicket(code).unwrap();
    } catch (error) {
      const status = statusOf(error);
      if (status === 404) show({ kind: 'unknown' });
      else if (status === 403) show({ kind: 'other-club' });
      else show({ kind: 'failed', message: messageOf(error), retry: () => void readTicket(code) });
      return;
    }
    if (ticket.holders.every((holder) => holder.isPresent)) show({ kind: 'already', ...ticket });
    else if (ticket.holders.some((holder) => holder.teamId)) show({ kind: 'choose', code, ...ticket });
    else await admit(code, ticket);
  }

  /** Checks in the members of a team's ticket the admin ticked. */
  async function admitChosen(userIds: string[]): Promise<void> {
    const outcome = shown?.outcome;
    if (outcome?.kind !== 'choose') return;
    await admit(outcome.code, outcome, userIds);
  }

  /** Marks present a student found by name or roll number. */
  async function markByName(event: EventRef, student: Applicant): Promise<void> {
    if (student.isPresent) {
      show({ kind: 'already', event, holders: [student] });
      return;
    }
    show({ kind: 'looking' });
    try {
      await markPresent({ eventId: event._id, userId: student.userId }).unwrap();
      show({ kind: 'checked-in', event, holders: [{ ...student, isPresent: true, checkedInAt: new Date().toISOString() }] });
    } catch (error) {
      show(refusal(error, event, [student], () => void markByName(event, student)));
    }
  }

  return { shown, readTicket, admitChosen, markByName, clear: () => setShown(null) };
}
