import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request, { type Response } from 'supertest';
import { DatabaseService } from '../../backend/src/database/database.service';
import { expectError } from './support/expectations';
import { startApp, type TestApp } from './support/test-app';

/** The page's inline script: the policy allows it by its hash, and no other inline script. */
const THEME_SCRIPT = "document.documentElement.setAttribute('data-theme', 'dark')";
/** The smallest WebAssembly module: its magic number and version. */
const WASM_HEADER = Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);

/** Collects a binary answer whole (supertest parses only text and JSON by itself). */
const wholeBody = (response: Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => done(null, Buffer.concat(chunks)));
};

describe('the HTTP platform', () => {
  let t: TestApp;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = mkdtempSync(join(tmpdir(), 'client-'));
    writeFileSync(join(clientDir, 'index.html'), `<!doctype html><title>Festival</title><script>${THEME_SCRIPT}</script><div id="root"></div>`);
    writeFileSync(join(clientDir, 'app.js'), 'console.log("client")');
    writeFileSync(join(clientDir, 'reader.wasm'), WASM_HEADER);
    t = await startApp({}, { clientDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('reports a healthy server with a reachable database', async () => {
    const response = await request(t.http).get('/api/v1/health').expect(200);
    expect(response.body).toEqual({ success: true, status: 'ok', database: 'up' });
  });

  it('answers an unknown API path with the 404 envelope, even for a browser, without echoing the path', async () => {
    expectError(await request(t.http).get('/api/v1/no-such-thing').set('Accept', 'text/html'), 404, 'Not found.');
    expectError(await request(t.http).post('/api/v1/events'), 404, 'Not found.');
  });

  it('refuses a body that is not JSON with a 400 envelope', async () => {
    const response = await request(t.http).post('/api/v1/events').set('Content-Type', 'application/json').send('{"name":');
    expectError(response, 400, 'Malformed JSON');
  });

  it('serves the client, and its index page for client-side routes', async () => {
    const asset = await request(t.http).get('/app.js').expect(200);
    expect(asset.text).toContain('client');
    for (const route of ['/', '/event/abc?slug=quiz', '/my-registrations']) {
      const page = await request(t.http).get(route).set('Accept', 'text/html').expect(200);
      expect(page.text).toContain('<div id="root">');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
  });

  it("asks the browser to read an event page's event with the page, and no other page's data", async () => {
    const eventId = '2d5ce773-81d1-48bb-babf-e1f822e91603';
    const page = await request(t.http).get(`/event/${eventId}?slug=quiz`).set('Accept', 'text/html').expect(200);
    expect(page.headers.link).toBe(`</api/v1/events/${eventId}>; rel=preload; as=fetch; crossorigin=use-credentials`);
    for (const route of ['/', '/event/abc', '/my-registrations']) {
      expect((await request(t.http).get(route).set('Accept', 'text/html').expect(200)).headers.link).toBeUndefined();
    }
  });

  it('sends security headers and a request id that follows a proxied request', async () => {
    const fresh = await request(t.http).get('/api/v1/events');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const themeHash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    expect(fresh.headers['content-security-policy']).toContain(`script-src 'self' 'wasm-unsafe-eval' 'sha256-${themeHash}';`);
    expect(fresh.headers['x-content-type-options']).toBe('nosniff');
    expect(fresh.headers['x-powered-by']).toBeUndefined();

    const proxied = await request(t.http).get('/api/v1/events').set('X-Request-Id', 'lb-42.abc');
    expect(proxied.headers['x-request-id']).toBe('lb-42.abc');
    const forged = await request(t.http).get('/api/v1/events').set('X-Request-Id', 'x'.repeat(200));
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("lets the door's scanner use the camera and compile its WebAssembly QR reader, and still allows no eval", async () => {
    const page = await request(t.http).get('/admin/scan').set('Accept', 'text/html').expect(200);
    const policy = page.headers['content-security-policy'];
    expect(policy).toContain("'wasm-unsafe-eval'");
    expect(policy).not.toMatch(/'unsafe-eval'/);
    // No Permissions-Policy: the camera stays allowed to the page's own origin, as browsers default.
    expect(page.headers['permissions-policy']).toBeUndefined();
    // Served as WebAssembly, the reader compiles while it downloads (WebAssembly.instantiateStreaming).
    const reader = await request(t.http).get('/reader.wasm').buffer(true).parse(wholeBody).expect(200);
    expect(reader.headers['content-type']).toBe('application/wasm');
    expect(reader.body).toEqual(WASM_HEADER);
  });

  it('publishes the API description for developers', async () => {
    const document = await request(t.http).get('/api/docs-json').expect(200);
    expect(Object.keys(document.body.paths)).toEqual(expect.arrayContaining(['/api/v1/health', '/api/v1/events', '/api/v1/events/{id}', '/api/v1/festival']));
    const ui = await request(t.http).get('/api/docs').expect(200);
    expect(ui.text).toContain('swagger');
  });

  it('tells liveness from readiness', async () => {
    expect((await request(t.http).get('/api/v1/health/live').expect(200)).body).toEqual({ success: true, status: 'ok' });
    expect((await request(t.http).get('/api/v1/health/ready').expect(200)).body).toEqual({ success: true, status: 'ok', database: 'up' });
  });

  it('answers 503 from the health check once the database connection is lost', async () => {
    const other = await startApp();
    try {
      await other.app.get(DatabaseService).onApplicationShutdown();
      expectError(await request(other.http).get('/api/v1/health'), 503, 'The database is unreachable.');
      const ready = await request(other.http).get('/api/v1/health/ready');
      expectError(ready, 503, 'The database is unreachable.');
      expect(ready.body.database).toBe('down');
      expect(ready.headers['retry-after']).toBe('5');
      await request(other.http).get('/api/v1/health/live').expect(200);
    } finally {
      await other.close();
    }
  });
});
