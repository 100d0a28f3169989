import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../../backend/src/database/database.service';
import { mailOutbox } from '../../../backend/src/database/schema/mail';

/** The newest e-mail written for a recipient, as the outbox holds it. */
export async function latestMail(db: Database, to: string) {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to)).orderBy(desc(mailOutbox.createdAt)).limit(1);
  return row;
}

export async function mailsTo(db: Database, to: string) {
  return db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to));
}

const LINK_PATHS = { verify: '/auth/verify/', 'reset-password': '/auth/reset-password/', 'admin-invite': '/admin/invite/' } as const;

/** The token at the end of the link of the given kind in a mail's text. */
export function linkToken(text: string, kind: keyof typeof LINK_PATHS): string {
  const match = text.match(new RegExp(`${LINK_PATHS[kind]}([A-Za-z0-9_-]+)`));
  if (!match) throw new Error(`no ${kind} link in:\n${text}`);
  return match[1];
}
