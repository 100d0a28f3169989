// What an e-mail address must look like and the one form it is compared in, for every module.

/**
 * A plain `local@domain`: the local part of letters, digits, `.`, `_`, `-` and `+`, with no dot
 * at either end or twice in a row; the domain of dot-separated labels. Nothing a mail library
 * could read as a display name, a group, a comment or a list (`a:me@`, `a,me@`, `a(c)me@`,
 * `"a b"@`), so the mailbox a link is delivered to is the address that was checked, and one
 * mailbox is one address. The client's `lib/person-rules.ts` says the same.
 */
const PLAIN_EMAIL = /^[a-z0-9_+-]+(?:\.[a-z0-9_+-]+)*@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/i;
/** SMTP's limits (RFC 5321): a longer address is not one any mailbox has. */
const MAX_LOCAL_PART = 64;
const MAX_ADDRESS = 254;

/** The one form every address is stored, compared and looked up in. */
export const canonicalEmail = (email: string): string => email.trim().toLowerCase();

/** Whether the address, exactly as given, is a plain `local@domain` (see PLAIN_EMAIL). */
export function isPlainEmail(email: string): boolean {
  return email.length <= MAX_ADDRESS && email.indexOf('@') <= MAX_LOCAL_PART && PLAIN_EMAIL.test(email);
}

/** Whether the address, as given (canonical when stored or validated), is a plain one at the institution's domain. */
export const isInstitutionAddress = (email: string, domain: string): boolean => isPlainEmail(email) && email.endsWith(`@${domain}`);
