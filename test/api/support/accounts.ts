import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { type NewUserRow, type UserRow, users } from '../../../backend/src/database/schema/users';
import { PasswordHasher } from '../../../backend/src/users/password-hasher';
import { ensureClub } from './factories';
import type { TestApp } from './test-app';

const DOMAIN = 'campus.ac.in';
export const PASSWORD = 'Secret@123';

let sequence = 0;

/** A valid sign-up form; `overrides` change what a test is about. */
export function signUpForm(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    name: 'Priya Raman',
    year: '3',
    dept: 'CSE',
    email: `student${sequence}.${Date.now()}@${DOMAIN}`,
    password: PASSWORD,
    gender: 'Female',
    rollNumber: `23CSE${String(sequence).padStart(3, '0')}${Date.now() % 100000}`,
    ...overrides,
  };
}

/**
 * PASSWORD's hash, made once per app: every account made here shares it. Argon2 costs about as
 * much as a request, and a suite makes over a thousand accounts on each database.
 */
const passwordHashes = new WeakMap<PasswordHasher, Promise<string>>();
function passwordHashOf(t: TestApp): Promise<string> {
  const hasher = t.app.get(PasswordHasher);
  const made = passwordHashes.get(hasher) ?? hasher.hash(PASSWORD);
  passwordHashes.set(hasher, made);
  return made;
}

/** An account made directly (verified unless told otherwise), with PASSWORD as its password. */
export async function createUser(t: TestApp, overrides: Partial<NewUserRow> = {}): Promise<UserRow> {
  const n = (sequence += 1);
  const passwordHash = await passwordHashOf(t);
  await ensureClub(t.db, overrides.club);
  const [user] = await t.db
    .insert(users)
    .values({
      name: `Student ${n}`,
      email: `user${n}.${Date.now()}@${DOMAIN}`,
      passwordHash,
      role: 'student',
      isVerified: true,
      gender: 'Female',
      dept: 'CSE',
      year: '3',
      rollNumber: overrides.role && overrides.role !== 'student' ? null : `R${n}X${Date.now() % 1000000}`,
      ...overrides,
    })
    .returning();
  return user;
}

/** A cookie-carrying client signed in as the user. */
export async function signedIn(t: TestApp, user: Pick<UserRow, 'email'>, password = PASSWORD): Promise<TestAgent> {
  const agent = request.agent(t.http);
  const response = await agent.post('/api/v1/user/signin').send({ email: user.email, password });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(response.body)}`);
  return agent;
}

/** The Set-Cookie line of a cookie an answer set. */
export function cookieNamed(response: request.Response, name: string): string {
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  const cookie = cookies.find((c) => c.startsWith(`${name}=`));
  if (!cookie) throw new Error(`no ${name} cookie was set`);
  return cookie;
}

/** The session token a sign-in response set. */
export function sessionCookie(response: request.Response): string {
  return cookieNamed(response, 'fest_session');
}
