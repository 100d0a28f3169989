import { ApiProperty } from '@nestjs/swagger';
import { DOOR_SCAN_VERDICTS } from '../database/schema/door-scans.js';
import { ApplicantResponse } from './event-day.response.js';

/** A ticket's holder on the door's list: who they are, whether they may come in, and the scan that let them in. */
export class DoorHolderResponse extends ApplicantResponse {
  @ApiProperty({ description: 'Whether their registration is approved: only an approved one is let in' }) approved: boolean;
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: "The door scan that let them in (the door's own id for it); null when marked otherwise, or absent",
  })
  checkedInScan: string | null;
}

class DoorTicketResponse {
  @ApiProperty({ description: 'The code on the ticket, as its QR holds it' }) code: string;
  @ApiProperty({ type: [DoorHolderResponse], description: "One for a solo registration; every registered member of a team's" }) holders: DoorHolderResponse[];
}

class DoorEventResponse {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) eventDate: string | null;
}

/** What a door keeps to work without the network: every ticket of the event still holding its seat. */
export class DoorRosterResponse {
  @ApiProperty({ type: DoorEventResponse }) event: DoorEventResponse;
  @ApiProperty({ type: [DoorTicketResponse] }) tickets: DoorTicketResponse[];
  @ApiProperty({ format: 'date-time', description: 'When the list was read' }) takenAt: string;
}

/** What the server made of a door's scan. */
const DOOR_SCAN_OUTCOMES = ['admitted', 'already', ...DOOR_SCAN_VERDICTS.filter((verdict) => verdict !== 'admitted')] as const;
export type DoorScanOutcome = (typeof DOOR_SCAN_OUTCOMES)[number];

export class DoorScanResultResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({
    enum: DOOR_SCAN_OUTCOMES,
    description:
      '`admitted`: this scan let someone in; `already`: every student it names was let in by an earlier scan or mark (see their `checkedInAt` and `checkedInDoor`); `unknown`: no ticket holding a seat has this code; `other-event`: a ticket of another event; `not-approved`: a registration still awaiting approval; `before-the-day`: scanned before the event day (or the event has no date)',
  })
  outcome: DoorScanOutcome;
  @ApiProperty({ description: 'Whether the server had this scan already: a replay changes nothing' }) replayed: boolean;
  @ApiProperty({ type: [DoorHolderResponse], description: "The ticket's holders as they now stand; empty when the code names no ticket of this event" })
  holders: DoorHolderResponse[];
}
