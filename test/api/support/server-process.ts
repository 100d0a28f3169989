import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

const MAIN = join(__dirname, '../../../backend/dist/main.js');

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
}

/** Runs the built server as an operator would, with the given environment on top of a clean one. */
export function runServer(env: Record<string, string>): ServerProcess {
  let output = '';
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH, DATABASE_URL: process.env.DATABASE_URL ?? '', DATA_DIR: 'memory://', DEMO_DATA: 'false', ...env },
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

/**
 * Waits for the server on `port` to answer its health check. A cold start on the embedded
 * database (its engine, then every migration) takes seconds on an idle machine and many times
 * that on a busy one, so the bound is generous; a server that exits first fails at once, with
 * what it said.
 */
export async function waitUntilHealthy(port: number, server?: ServerProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server && server.child.exitCode !== null) throw new Error(`the server exited with code ${server.child.exitCode}:\n${server.output()}`);
    const healthy = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not become healthy in ${timeoutMs / 1000} s${server ? `; it said:\n${server.output()}` : ''}`);
}
