import type { Response } from 'supertest';

/** The error envelope every failing call answers with. */
export function expectError(response: Response, status: number, message: string | RegExp): void {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toMatch(/application\/json/);
  expect(response.body).toMatchObject({ success: false });
  if (typeof message === 'string') expect(response.body.message).toBe(message);
  else expect(response.body.message).toMatch(message);
}

/** Asks `condition` every 20 ms until it holds; fails after `timeoutMs`. */
export async function waitUntil(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`still waiting after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
