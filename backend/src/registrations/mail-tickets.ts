import { qrPng } from '../common/qr-png.js';
import { codeInFours } from '../common/ticket-code.js';
import { type MailTicket, oneLine } from '../mail/mail-layout.js';

/** The name the QR image is referred to by inside its message (`<img src="cid:…">`). */
const QR_CONTENT_ID = 'ticket-qr@festival';

/** What a ticket admits to and whom: a team's ticket names every member holding the seat. */
interface TicketHolding {
  code: string;
  eventName: string;
  /** `30 August 2025 at 10:00 am IST`; null while the event has no date. */
  when: string | null;
  venue: string | null;
  holders: readonly string[];
  team: boolean;
}

/**
 * The ticket for an e-mail: its QR code as an inline PNG and the lines saying what it is for. The
 * QR holds the code alone, never a name: a screenshot passed around tells nothing about its
 * holder, and the door looks the code up. PNG, since mail programs show no SVG.
 */
export function mailTicket(holding: TicketHolding): MailTicket {
  // Level M and a four-module margin, as the ticket page draws it; 6 pixels a module stays sharp at 192 px.
  const png = qrPng(holding.code);
  const holders = holding.holders.map(oneLine).join(', ');
  const lines = [
    `Event: ${oneLine(holding.eventName)}`,
    `When: ${holding.when ?? 'to be announced'}`,
    `Venue: ${holding.venue ? oneLine(holding.venue) : 'to be announced'}`,
    holding.team ? `Team ticket for: ${holders}` : `Name: ${holders}`,
    'Show the QR code, or say the code, at the door.',
  ];
  return {
    code: codeInFours(holding.code),
    lines,
    image: { filename: 'ticket-qr.png', contentType: 'image/png', content: png.toString('base64'), encoding: 'base64', cid: QR_CONTENT_ID },
  };
}
