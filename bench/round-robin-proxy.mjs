// A small round-robin HTTP balancer for the scale-out bench: each request goes to the next app
// instance over a keep-alive connection, as nginx or haproxy would do in front of them. It adds
// X-Forwarded-For like they do, so the instances run with TRUST_PROXY=1 as deployed.
import http from 'node:http';

export async function startRoundRobinProxy(port, upstreamPorts) {
  const upstreams = upstreamPorts.map((upstreamPort) => ({ port: upstreamPort, agent: new http.Agent({ keepAlive: true, maxSockets: 256 }) }));
  let next = 0;
  /** Server errors by cause: an instance's own 5xx answer, or a request the balancer could not pass on (answered 502). */
  const failures = new Map();
  const server = http.createServer((request, response) => {
    const upstream = upstreams[next];
    next = (next + 1) % upstreams.length;
    const forwardedFor = [request.headers['x-forwarded-for'], request.socket.remoteAddress].filter(Boolean).join(', ');
    const outgoing = http.request(
      {
        agent: upstream.agent,
        host: '127.0.0.1',
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, 'x-forwarded-for': forwardedFor },
      },
      (answer) => {
        if (answer.statusCode >= 500) failures.set(`answered ${answer.statusCode}`, (failures.get(`answered ${answer.statusCode}`) ?? 0) + 1);
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    outgoing.on('error', (error) => {
      const code = `${error.code ?? error.message}${outgoing.reusedSocket ? ' on a reused connection' : ''}`;
      failures.set(code, (failures.get(code) ?? 0) + 1);
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(outgoing);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    failures,
    close: () =>
      new Promise((resolve) => {
        for (const upstream of upstreams) upstream.agent.destroy();
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}
