import type { Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { Logger } from '@nestjs/common';
import { useTestApp } from './support/test-app';

describe('a client that hangs up in the middle of its request body', () => {
  const t = useTestApp();
  afterEach(() => jest.restoreAllMocks());

  /** Sends the head of a POST and half of its body over a raw socket, then closes the connection. */
  async function hangUpMidBody(): Promise<void> {
    const server = t.http as Server;
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write('POST /api/v1/user/signin HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"email":"asha');
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
  }

  it('is noted at debug level as the client leaving, never as the database being unavailable', async () => {
    const warned = jest.spyOn(Logger.prototype, 'warn');
    const failed = jest.spyOn(Logger.prototype, 'error');
    const noted = jest.spyOn(Logger.prototype, 'debug');

    await hangUpMidBody();
    const deadline = Date.now() + 5000;
    while (noted.mock.calls.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));

    expect(noted.mock.calls.map(([entry]) => (entry as { msg?: string }).msg)).toContain('Client closed the connection before its request body arrived');
    expect(JSON.stringify([...warned.mock.calls, ...failed.mock.calls])).not.toMatch(/Database unavailable|ECONNRESET/);
    // The server carries on answering.
    const health = await fetch(`http://127.0.0.1:${((t.http as Server).address() as AddressInfo).port}/api/v1/health/live`);
    expect(health.status).toBe(200);
  });
});
