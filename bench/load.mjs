// A small closed-loop HTTP load generator: `connections` keep-alive sockets, each sending its
// next request as soon as the previous answer arrives, with every latency recorded.
import http from 'node:http';

/** Sends one request and resolves with its status and latency in milliseconds. */
function send(agent, target, { method = 'GET', path, headers = {}, body }) {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const request = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method,
        path,
        headers: payload ? { ...headers, 'content-type': 'application/json', 'content-length': payload.length } : headers,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
      },
    );
    request.on('error', () => resolve({ status: 0, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
    request.end(payload);
  });
}

/**
 * Runs `nextRequest()` on `connections` parallel loops until it returns undefined or
 * `seconds` pass. Answers every outcome and the wall time.
 */
export async function runLoad(baseUrl, { connections, seconds = Infinity, nextRequest }) {
  const target = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const outcomes = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  async function loop() {
    for (let next = nextRequest(); next && performance.now() < deadline; next = nextRequest()) {
      outcomes.push(await send(agent, target, next));
    }
  }
  await Promise.all(Array.from({ length: connections }, loop));
  const wallSeconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { outcomes, wallSeconds };
}

export function percentile(sortedMs, p) {
  if (sortedMs.length === 0) return NaN;
  return sortedMs[Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1)];
}

export function latencies(outcomes) {
  const sorted = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}
