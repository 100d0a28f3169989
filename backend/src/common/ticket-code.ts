import { randomBytes } from 'node:crypto';

/**
 * Crockford's base32: digits and capitals without I, L, O and U. A code read aloud at the door or
 * typed from a phone's screen has no look-alikes to mistake (a typed O is read as 0, I and L as 1).
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 16 characters of 5 bits: 80 random bits, far beyond guessing at any door's pace; shown in fours. */
const LENGTH = 16;
const CODE = /^[0-9A-HJKMNP-TV-Z]{16}$/;
/** A ticket made before the codes were typeable: 22 base64url characters, matched exactly as issued. */
const EARLIER_CODE = /^[A-Za-z0-9_-]{22}$/;

/** A new ticket's code. Each random byte picks one of the 32 characters (256 is a multiple of 32, so each is as likely). */
export function newTicketCode(): string {
  return [...randomBytes(LENGTH)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

/**
 * The code a scanned or typed text names, whatever its case, spaces and dashes (`abcd-efgh ...`),
 * with the look-alikes read as Crockford reads them; an earlier ticket's code as it was issued.
 * Nothing for a text that is no ticket's code.
 */
export function ticketCodeOf(text: string): string | undefined {
  // An earlier ticket shows its code in fours too: the spaces are not part of it.
  const compact = text.replace(/\s+/g, '');
  if (EARLIER_CODE.test(compact)) return compact;
  const code = compact.replace(/-+/g, '').toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1');
  return CODE.test(code) ? code : undefined;
}

/** `K7QX9M2D4TPA8R1B` → `K7QX 9M2D 4TPA 8R1B`: a code as people read it aloud or type it. */
export const codeInFours = (code: string): string => code.replace(/(.{4})(?=.)/g, '$1 ');
