import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiErrorResponse } from '../common/api-envelope.js';
import type { AuthenticatedRequest } from '../common/session-user.js';

/** At most `limit` requests per `windowSeconds` for each key. */
export interface Limit {
  limit: number;
  windowSeconds: number;
}

const byIp = (request: AuthenticatedRequest) => request.ip;
const byAccount = (request: AuthenticatedRequest) => request.user?.id;
const byEmail = (request: AuthenticatedRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : undefined;
};

/**
 * Every throttled route and what it counts by. Campus Wi-Fi puts hundreds of students behind
 * one public IP, so rules by IP are generous and the tight ones count by e-mail or account.
 */
export const RATE_LIMIT_KEYS = {
  signInByIp: byIp,
  signUpByEmail: byEmail,
  signUpByIp: byIp,
  forgotPasswordByEmail: byEmail,
  forgotPasswordByIp: byIp,
  verifyByIp: byIp,
  resendVerificationByEmail: byEmail,
  resendVerificationByIp: byIp,
  resetByIp: byIp,
  changePasswordByAccount: byAccount,
  searchByAccount: byAccount,
  searchByAccountHourly: byAccount,
  teamInvitesByAccount: byAccount,
  cancelByAccount: byAccount,
  profileByAccount: byAccount,
  dataExportByAccount: byAccount,
  deleteAccountByAccount: byAccount,
  verifyCertificateByIp: byIp,
} satisfies Record<string, (request: AuthenticatedRequest) => string | undefined>;

export type RateLimitName = keyof typeof RATE_LIMIT_KEYS;

/**
 * Rules a service applies itself (ThrottlingService), because their key needs the database:
 * whether a device cookie is trusted by the account decides which sign-in budget a guess uses.
 */
type ServiceLimitName = 'signInByIpAndAccount' | 'signInByAccount' | 'signInByTrustedDevice' | 'accountMailsByEmail' | 'messagesByEvent';
export type LimitName = RateLimitName | ServiceLimitName;

/** Injection token for the limits, so an operator's tuning (or a test) changes numbers, not code. */
export const RATE_LIMITS = Symbol('RATE_LIMITS');

export const DEFAULT_RATE_LIMITS: Record<LimitName, Limit> = {
  signInByIp: { limit: 600, windowSeconds: 15 * 60 },
  // Guesses at one account: per client tightly, from all untrusted clients together loosely,
  // and per trusted device on its own, so the owner's browser is never locked by anyone else.
  signInByIpAndAccount: { limit: 10, windowSeconds: 15 * 60 },
  signInByAccount: { limit: 50, windowSeconds: 15 * 60 },
  signInByTrustedDevice: { limit: 10, windowSeconds: 15 * 60 },
  // Verification links, resent links and "you already have an account" notices to one address.
  accountMailsByEmail: { limit: 3, windowSeconds: 60 * 60 },
  signUpByEmail: { limit: 5, windowSeconds: 60 * 60 },
  signUpByIp: { limit: 300, windowSeconds: 60 * 60 },
  forgotPasswordByEmail: { limit: 5, windowSeconds: 60 * 60 },
  forgotPasswordByIp: { limit: 100, windowSeconds: 60 * 60 },
  verifyByIp: { limit: 100, windowSeconds: 10 * 60 },
  resendVerificationByEmail: { limit: 5, windowSeconds: 60 * 60 },
  resendVerificationByIp: { limit: 100, windowSeconds: 60 * 60 },
  resetByIp: { limit: 100, windowSeconds: 10 * 60 },
  changePasswordByAccount: { limit: 10, windowSeconds: 15 * 60 },
  // A student finding a few teammates searches a few dozen times; paging through the directory takes thousands.
  searchByAccount: { limit: 30, windowSeconds: 60 },
  searchByAccountHourly: { limit: 200, windowSeconds: 60 * 60 },
  // Each invite e-mails a classmate: a leader filling a team sends a handful of requests; more is mail-bombing.
  teamInvitesByAccount: { limit: 30, windowSeconds: 60 * 60 },
  // A cancel gives the seat back and registering again e-mails every member of a team: a student
  // changes their mind a few times; a cancel-and-register loop is mail to their classmates.
  cancelByAccount: { limit: 10, windowSeconds: 60 * 60 },
  // A student corrects their profile a few times; more is a script rewriting the name their classmates and organisers see.
  profileByAccount: { limit: 20, windowSeconds: 60 * 60 },
  // Each download reads every record of the account: a student asks once or twice.
  dataExportByAccount: { limit: 3, windowSeconds: 60 * 60 },
  // Each attempt checks the password: a few typing mistakes, not a guessing run with a stolen session.
  deleteAccountByAccount: { limit: 5, windowSeconds: 15 * 60 },
  // A person checking certificates types or scans a few a minute; a script walking codes gets nowhere
  // (80 random bits), and is slowed to this pace per address anyway.
  verifyCertificateByIp: { limit: 30, windowSeconds: 60 },
  // Per event, whoever of its admins sends: each message is an e-mail to every one of its people.
  messagesByEvent: { limit: 3, windowSeconds: 60 * 60 },
};

export const RATE_LIMIT_METADATA = 'rateLimits';

/** Throttles a route by the named rules; a rule whose key a request lacks does not apply to it. */
export const RateLimit = (...names: RateLimitName[]) =>
  applyDecorators(
    SetMetadata(RATE_LIMIT_METADATA, names),
    ApiErrorResponse(429, 'Too many attempts; the message says how long to wait.', {
      'Retry-After': { description: 'Seconds until the limit lets a request through', schema: { type: 'integer', minimum: 1 } },
    }),
  );
