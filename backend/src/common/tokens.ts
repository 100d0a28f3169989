import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: for session cookies and e-mailed links. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of a token: a leaked table opens no session and no link. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A cookie's value shaped like newToken()'s, before it is hashed and looked up. */
export function isWellFormedToken(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}
