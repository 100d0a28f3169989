import type { Response } from 'supertest';

/** The error envelope every failing call answers with. */
export function expectError(response: Response, status: number, message: string | RegExp): void {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toMatch(/application\/json/);
  expect(response.body).toMatchObject({ success: false });
  if (typeof message === 'string') expect(response.body.message).toBe(message);
  else expect(response.body.message).toMatch(message);
}
