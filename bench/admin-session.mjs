// The demo festival's super admin, as the benches that act for the organisers sign in.
import { createHash, randomBytes } from 'node:crypto';

export const SUPER_ADMIN = { email: 'superadmin@campus.ac.in', password: 'Festival@2025' };
const DAY = 24 * 60 * 60 * 1000;

/** A session of the super admin, written straight into the database as the rush's students' are; answers the headers of its requests. */
export async function superAdminSession(db, port) {
  const { rows } = await db.query('select id from users where email = $1', [SUPER_ADMIN.email]);
  const token = randomBytes(32).toString('base64url');
  await db.query('insert into sessions (user_id, token_hash, expires_at) values ($1, $2, $3)', [
    rows[0].id,
    createHash('sha256').update(token).digest('hex'),
    new Date(Date.now() + DAY),
  ]);
  return { headers: { cookie: `fest_session=${token}`, origin: `http://localhost:${port}`, 'content-type': 'application/json' } };
}
