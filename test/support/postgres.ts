/**
 * A private PostgreSQL server for tests (Debian's `postgresql` package): `initdb` + `pg_ctl` into
 * a temp dir on a free loopback port, run as the `postgres` user when the tests run as root.
 * See docs/testing.md.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:PORT/postgres`. */
  url: string;
  /** Stops the server (fast shutdown: open connections are dropped), as an outage would. */
  stop(): void;
  /** Starts it again on the same port and data. */
  start(): void;
  /** Stops it and removes its files. */
  destroy(): void;
}

const INSTALL_HINT =
  'PostgreSQL server binaries not found (looked in /usr/lib/postgresql/*/bin). The store tests run ' +
  'against a real PostgreSQL: install it with `sudo apt-get install -y postgresql` (Debian/Ubuntu) ' +
  'or set PG_BIN to the folder holding initdb and pg_ctl.';

/** The folder holding `initdb` and `pg_ctl`. @throws Error saying how to install PostgreSQL. */
export function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    : [];
  if (versions.length === 0) throw new Error(INSTALL_HINT);
  return join(root, versions.sort((a, b) => Number(a) - Number(b)).at(-1)!, 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts a new cluster. */
export async function startCluster(): Promise<PostgresCluster> {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 've-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) =>
    execFileSync(
      asRoot ? 'runuser' : join(bin, tool),
      asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args,
      { stdio: 'pipe' },
    );
  // A test's server: nothing to keep across a crash, so no waiting on the disk and no full pages
  // in the WAL (a clean `pg_ctl stop`, as the outage tests do, still keeps everything).
  const options = [
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=300`,
    '-c fsync=off -c synchronous_commit=off -c full_page_writes=off',
  ].join(' ');
  const start = () =>
    run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-o', options, 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  const destroy = () => {
    try {
      stop();
    } catch {
      // already stopped, or never started
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    start();
  } catch (error) {
    destroy(); // initdb or the start failed: leave no folder (nor a half-started server) behind
    throw error;
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, start, stop, destroy };
}

/**
 * Creates a database on the cluster at `adminUrl`, a copy of `template` (an empty one by default:
 * `template1`); returns its URL. The files are copied (PostgreSQL 15's `STRATEGY FILE_COPY`), a
 * few times faster than its default, which writes the copy through the WAL.
 */
export async function createDatabase(adminUrl: string, template = 'template1'): Promise<string> {
  const name = `t_${Math.random().toString(36).slice(2, 12)}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string }>(
      "SELECT current_setting('server_version_num') AS v",
    );
    const strategy = Number(rows[0]!.v) >= 150_000 ? ' STRATEGY FILE_COPY' : '';
    await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}${strategy}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
