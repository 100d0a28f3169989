import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** A local port with nothing listening on it. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The folder holding initdb and pg_ctl: pg_config's answer, else the newest Debian install. */
function serverBinaries(): string {
  const candidates: string[] = [];
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim());
  } catch {
    // no pg_config on PATH; look where Debian installs the server
  }
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => join(debian, version, 'bin')));
  }
  const found = candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
  if (!found) {
    throw new Error(
      'The fault suite starts a PostgreSQL server of its own and needs initdb and pg_ctl: install PostgreSQL ' +
        '(apt-get install postgresql) or put its bin folder first on PATH so pg_config --bindir names it.',
    );
  }
  return found;
}

/**
 * A throw-away PostgreSQL server (its own data folder and port) that a test can restart, stop
 * and freeze. initdb refuses to run as root, so as root the server runs as the postgres user.
 */
export class PostgresCluster {
  readonly port: number;
  private readonly folder: string;
  private readonly bin = serverBinaries();
  private readonly asUser: string[] = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  private frozen: number[] = [];

  private constructor(port: number) {
    this.port = port;
    this.folder = mkdtempSync(join(tmpdir(), 'festival-faults-'));
    if (this.asUser.length > 0) {
      const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' })));
      chownSync(this.folder, uid, gid);
    }
  }

  static async create(): Promise<PostgresCluster> {
    const cluster = new PostgresCluster(await freePort());
    try {
      await cluster.run('initdb', ['-D', cluster.dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
      await cluster.start();
    } catch (error) {
      await cluster.destroy();
      throw error;
    }
    return cluster;
  }

  private get dataDir(): string {
    return join(this.folder, 'data');
  }

  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  async createDatabase(name: string): Promise<string> {
    const client = new pg.Client({ connectionString: this.url() });
    await client.connect();
    try {
      await client.query(`create database ${name}`);
    } finally {
      await client.end();
    }
    return this.url(name);
  }

  /** Starts the server and waits until it accepts connections. */
  async start(): Promise<void> {
    // Durability is not what these tests are about; fsync off keeps them fast.
    const options = `-p ${this.port} -k ${this.folder} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
    await this.run('pg_ctl', ['-D', this.dataDir, '-l', join(this.folder, 'server.log'), '-o', options, '-w', '-t', '30', 'start']);
  }

  /** A fast shutdown, as an operator restarting PostgreSQL does: sessions are ended, transactions rolled back. */
  async stop(): Promise<void> {
    await this.run('pg_ctl', ['-D', this.dataDir, '-m', 'fast', '-w', '-t', '30', 'stop']);
  }

  /** Stops the postmaster and every backend in their tracks: connections stay open, nothing answers. */
  freeze(): void {
    const postmaster = Number(readFileSync(join(this.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    this.frozen = [postmaster, ...childrenOf(postmaster)];
    for (const pid of this.frozen) signal(pid, 'SIGSTOP');
  }

  thaw(): void {
    for (const pid of this.frozen) signal(pid, 'SIGCONT');
    this.frozen = [];
  }

  /** Leaves nothing behind, whatever state the server is in. */
  async destroy(): Promise<void> {
    this.thaw();
    if (existsSync(join(this.dataDir, 'postmaster.pid'))) {
      try {
        await this.run('pg_ctl', ['-D', this.dataDir, '-m', 'immediate', '-w', '-t', '30', 'stop']);
      } catch {
        // reported by the test that left it in this state
      }
    }
    rmSync(this.folder, { recursive: true, force: true });
  }

  /** Runs a server program (as the postgres user when we are root), without blocking the tests' own requests. */
  private async run(program: string, args: string[]): Promise<void> {
    const [command, ...rest] = [...this.asUser, join(this.bin, program), ...args];
    try {
      await run(command, rest, { timeout: 60_000 });
    } catch (error) {
      const { stderr, stdout } = error as { stderr?: string; stdout?: string };
      throw new Error(`${program} ${args.at(-1)} failed: ${stderr || stdout || (error as Error).message}`);
    }
  }
}

/** Process ids whose parent is `pid`, read from /proc. */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        // The command name, in parentheses, may hold spaces; the parent id follows the state after it.
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Signals a server process; one that exited meanwhile (a backend ending its session) is no error. */
function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}
