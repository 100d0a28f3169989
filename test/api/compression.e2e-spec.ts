import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { registrations } from '../../backend/src/database/schema/registrations';
import { createUser, PASSWORD } from './support/accounts';
import { createEvent } from './support/factories';
import { useTestApp } from './support/test-app';

/** A built client as the build leaves it: every file with its brotli and gzip twins beside it. */
const INDEX = '<!doctype html><title>Festival</title><div id="root"></div>';
const BUNDLE = `console.log(${JSON.stringify('the client '.repeat(200))});`;
const clientDir = mkdtempSync(join(tmpdir(), 'precompressed-client-'));
mkdirSync(join(clientDir, 'assets'));
const files = { 'index.html': INDEX, 'assets/index-3f2a9c.js': BUNDLE };
for (const [name, text] of Object.entries(files)) {
  writeFileSync(join(clientDir, name), text);
  // Different bytes from what the server would make itself, so the test knows these were sent.
  writeFileSync(join(clientDir, `${name}.br`), brotliCompressSync(text));
  writeFileSync(join(clientDir, `${name}.gz`), gzipSync(text, { level: 1 }));
}
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

describe('compression', () => {
  const t = useTestApp({}, { clientDir });
  // Raw bytes, as they leave the server: no client here decompresses on its own.
  const get = (url: string, headers: Record<string, string>) => (t.app as NestFastifyApplication).inject({ method: 'GET', url, headers });

  describe('the built client, compressed at build time', () => {
    it.each([
      ['br', 'br, gzip'],
      ['gzip', 'gzip, deflate'],
    ])('sends the %s file beside a bundle, with its encoding, its type and a year of caching', async (encoding, accepted) => {
      const answer = await get('/assets/index-3f2a9c.js', { 'accept-encoding': accepted });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers['content-type']).toMatch(/javascript/);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.rawPayload).toEqual(encoding === 'br' ? brotliCompressSync(BUNDLE) : gzipSync(BUNDLE, { level: 1 }));
    });

    it('sends the file itself to a client that accepts no encoding, still saying the answer varies', async () => {
      for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
        const answer = await get('/assets/index-3f2a9c.js', headers);
        expect(answer.statusCode).toBe(200);
        expect(answer.headers['content-encoding']).toBeUndefined();
        expect(answer.headers.vary).toMatch(/accept-encoding/i);
        expect(answer.body).toBe(BUNDLE);
      }
    });

    it("answers a client-side route with the index page's compressed file, never cached unchecked", async () => {
      const brotli = await get('/my-registrations', { accept: 'text/html', 'accept-encoding': 'gzip, br' });
      expect(brotli.statusCode).toBe(200);
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers['content-type']).toMatch(/text\/html/);
      expect(brotli.headers['cache-control']).toBe('no-cache');
      expect(brotli.rawPayload).toEqual(brotliCompressSync(INDEX));

      const plain = await get('/my-registrations', { accept: 'text/html' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(INDEX);
    });
  });

  describe('JSON answers', () => {
    it('compresses a list over a kilobyte with brotli or gzip, as the client accepts', async () => {
      for (let i = 0; i < 6; i += 1) await createEvent(t.db);
      const plain = await get('/api/v1/events', {});
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(1024);
      const list: unknown = JSON.parse(plain.body);

      const brotli = await get('/api/v1/events', { 'accept-encoding': 'br, gzip' });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers.vary).toMatch(/accept-encoding/i);
      expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(list);
      // A visitor's list is compressed once per cache period: the next visitor gets the same bytes.
      expect((await get('/api/v1/events', { 'accept-encoding': 'gzip, deflate, br, zstd' })).rawPayload).toEqual(brotli.rawPayload);

      const gzip = await get('/api/v1/events', { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(list);
    });

    it("compresses a signed-in student's own list for that request, as the client accepts", async () => {
      const events = [];
      for (let i = 0; i < 6; i += 1) events.push(await createEvent(t.db));
      const student = await createUser(t);
      await t.db.insert(registrations).values({ eventId: events[2].id, userId: student.id, status: 'approved' });
      const signIn = await (t.app as NestFastifyApplication).inject({
        method: 'POST',
        url: '/api/v1/user/signin',
        payload: { email: student.email, password: PASSWORD },
      });
      const cookie = String(signIn.headers['set-cookie']).split(';')[0];
      const plain = await get('/api/v1/events', { cookie });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      const list = plain.json<{ events: { _id: string; isRegistered: boolean }[] }>();
      expect(list.events.filter((event) => event.isRegistered).map((event) => event._id)).toEqual([events[2].id]);

      const brotli = await get('/api/v1/events', { cookie, 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers.vary).toMatch(/accept-encoding/i);
      expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(list);

      const gzip = await get('/api/v1/events', { cookie, 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(list);
    });

    it('sends a small answer as it is', async () => {
      const answer = await get('/api/v1/health/live', { 'accept-encoding': 'br, gzip' });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.json()).toEqual({ success: true, status: 'ok' });
    });
  });
});
