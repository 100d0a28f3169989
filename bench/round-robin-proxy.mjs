// A small round-robin HTTP balancer for the scale-out bench: each request goes to the next app
// instance over a keep-alive connection, as HAProxy or nginx would do in front of them. It adds
// X-Forwarded-For like they do, so the instances run with TRUST_PROXY=1 as deployed.
import http from 'node:http';

const count = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);

export async function startRoundRobinProxy(port, upstreamPorts) {
  const upstreams = upstreamPorts.map((upstreamPort) => ({ port: upstreamPort, agent: new http.Agent({ keepAlive: true, maxSockets: 256 }) }));
  let next = 0;
  /** Server errors by cause: an instance's own 5xx answer, or a request the balancer could not pass on (answered 502). */
  const failures = new Map();
  /** Requests sent again because an instance had closed the idle connection they were sent on. */
  let retried = 0;

  /**
   * An instance closes a keep-alive connection after 5 s idle (Node's default), and a request
   * sent on it at that moment fails before it reaches the app. Like HAProxy, the balancer sends
   * such a request once more on a new connection: the app never saw it, so this is safe for a
   * POST too. Any other failure is a 502.
   */
  function forward(request, body, response, upstream, retry) {
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
        if (answer.statusCode >= 500) count(failures, `answered ${answer.statusCode}`);
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    outgoing.on('error', (error) => {
      if (retry && outgoing.reusedSocket && error.code === 'ECONNRESET' && !response.headersSent) {
        retried += 1;
        forward(request, body, response, upstream, false);
        return;
      }
      count(failures, `${error.code ?? error.message}${outgoing.reusedSocket ? ' on a reused connection' : ''}`);
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    outgoing.end(body);
  }

  const server = http.createServer((request, response) => {
    const upstream = upstreams[next];
    next = (next + 1) % upstreams.length;
    // Bodies are small JSON: held whole, so a request can be sent again.
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => forward(request, Buffer.concat(chunks), response, upstream, true));
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    failures,
    retried: () => retried,
    close: () =>
      new Promise((resolve) => {
        for (const upstream of upstreams) upstream.agent.destroy();
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}
