import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';

const MAIN = join(__dirname, '../../backend/dist/main.js');

/** Runs the built server as an operator would, with the given environment on top of a clean one. */
function runServer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH, DATABASE_URL: process.env.DATABASE_URL ?? '', DATA_DIR: 'memory://', DEMO_DATA: 'false', ...env },
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

async function waitUntilHealthy(port: number): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const healthy = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then((r) => r.ok, () => false);
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not become healthy');
}

describe('the server process', () => {
  it('refuses to start on a bad configuration and says what is wrong', async () => {
    const { child, output } = runServer({ PORT: 'eighty', FESTIVAL_DATE: 'someday' });
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(output()).toContain('Invalid configuration:');
    expect(output()).toContain('PORT must be a whole number from 1 to 65535 (got "eighty")');
    expect(output()).toContain('FESTIVAL_DATE must be a date such as 2025-08-30 (got "someday")');
  });

  it('serves requests, then shuts down cleanly on SIGTERM', async () => {
    const port = 3900 + Math.floor(Math.random() * 90);
    const { child, output } = runServer({ PORT: String(port), LOG_LEVEL: 'info' });
    try {
      await waitUntilHealthy(port);
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/events`);
      expect(response.status).toBe(200);
      // Validation runs through Nest's container in the real process too.
      const refused = await fetch(`http://127.0.0.1:${port}/api/v1/user/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'someone@gmail.com' }),
      });
      expect(refused.status).toBe(400);
      expect((await refused.json()).success).toBe(false);
      expect((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
    const [code, signal] = await once(child, 'exit');
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(output()).toContain('Listening on');
    expect(output()).toContain('Database connection closed');
  });
});
