import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runServer, waitUntilHealthy } from './support/server-process';

describe('the server process', () => {
  it('refuses to start on a bad configuration and says what is wrong', async () => {
    const { child, output } = runServer({ PORT: 'eighty', FESTIVAL_DATE: 'someday' });
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(output()).toContain('Invalid configuration:');
    expect(output()).toContain('PORT must be a whole number from 1 to 65535 (got "eighty")');
    expect(output()).toContain('FESTIVAL_DATE must be a date such as 2025-08-30 (got "someday")');
  });

  it('refuses to start in production on a database that holds the demo festival, without a stack trace', async () => {
    // The embedded database in a folder of its own: the demo data must not reach the shared test database.
    const dataDir = await mkdtemp(join(tmpdir(), 'festival-demo-'));
    const port = 3900 + Math.floor(Math.random() * 90);
    try {
      const demo = runServer({ PORT: String(port), DATABASE_URL: '', DATA_DIR: dataDir, DEMO_DATA: 'true' });
      await waitUntilHealthy(port, demo);
      demo.child.kill('SIGTERM');
      await once(demo.child, 'exit');

      const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525', PUBLIC_URL: 'https://fest.campus.ac.in' };
      const { child, output } = runServer({ ...production, PORT: String(port), DATABASE_URL: '', DATA_DIR: dataDir });
      const [code] = await once(child, 'exit');
      expect(code).toBe(1);
      expect(output()).toContain("The database holds the demo festival, whose accounts' passwords are in the README");
      expect(output()).not.toMatch(/\n\s+at /);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('says which setting to change when its port is taken, without a stack trace', async () => {
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(0, resolve));
    const { port } = squatter.address() as { port: number };
    try {
      const { child, output } = runServer({ PORT: String(port) });
      const [code] = await once(child, 'exit');
      expect(code).toBe(1);
      expect(output()).toContain(`Port ${port} is already in use by another program. Stop it, or set PORT to a free port.`);
      expect(output()).not.toMatch(/\n\s+at /);
    } finally {
      squatter.close();
    }
  });

  it('serves requests, then shuts down cleanly on SIGTERM', async () => {
    const port = 3900 + Math.floor(Math.random() * 90);
    const server = runServer({ PORT: String(port), LOG_LEVEL: 'info' });
    const { child, output } = server;
    try {
      await waitUntilHealthy(port, server);
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
