/**
 * A PostgreSQL server of a test's own, in a temporary folder on a free port, that the test may stop
 * and start (the shared server at 127.0.0.1:5432 must never be restarted: other tests use it).
 * Needs Debian's PostgreSQL binaries (/usr/lib/postgresql/<version>/bin) and root, as CI has: the
 * server runs as the `postgres` user. `privatePostgresUnavailable()` says why it cannot run here.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const PG_ROOT = '/usr/lib/postgresql';

function binDir(): string | undefined {
  if (!existsSync(PG_ROOT)) return undefined;
  const versions = readdirSync(PG_ROOT)
    .filter((v) => existsSync(path.join(PG_ROOT, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(PG_ROOT, versions[0], 'bin') : undefined;
}

/** why no private server can be started here, or undefined when it can */
export function privatePostgresUnavailable(): string | undefined {
  if (!binDir()) return `no PostgreSQL binaries under ${PG_ROOT} (apt-get install postgresql)`;
  if (process.getuid?.() !== 0) return 'not root (the private server runs as the postgres user through runuser)';
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
  } catch {
    return 'no postgres user';
  }
  return undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface PrivatePostgres {
  /** server URL (database `postgres`, user `postgres`, trust authentication) */
  readonly url: string;
  /** fast shutdown: connections are terminated (57P01), as in a restart of the service */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** stops the server and removes its folder */
  dispose(): Promise<void>;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir() as string;
  const dir = mkdtempSync(path.join(tmpdir(), 'vitrina-pg-'));
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  chownSync(dir, uid, gid);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const asPostgres = (tool: string, args: string[]) =>
    run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args], { cwd: dir });
  // fsync off: a test server; a clean shutdown (stop -m fast) still writes everything
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () =>
    asPostgres('pg_ctl', ['-D', data, '-o', serverOptions, '-l', path.join(dir, 'server.log'), '-w', 'start']).then(() => {});
  await asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-N']);
  await start();
  let disposed = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop: () => asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']).then(() => {}),
    async dispose() {
      if (disposed) return;
      disposed = true;
      await asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
