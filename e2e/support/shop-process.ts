/**
 * One shop server process (the server bundle of `apps/server/src/cli.ts`, as `npm start` runs it) that a test may kill
 * and start again on the same data: the crash test's shop. The same environment as the journeys'
 * shop (global-setup.ts), on its own DATA_DIR (PGlite) or DATABASE_URL (PostgreSQL) and port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { serverBundle } from '../../scripts/server-bundle.mjs';

const root = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export class ShopProcess {
  private child: ChildProcess | null = null;
  readonly url: string;

  constructor(
    readonly port: number,
    private readonly env: {
      dataDir: string;
      databaseUrl?: string | undefined;
      /** more variables for the shop (e.g. SEED_DEMO) */
      extra?: NodeJS.ProcessEnv;
    },
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** starts the process and waits until /healthz answers (the database is migrated and seeded then) */
  async start(timeoutMs = 240_000): Promise<void> {
    const child = spawn(process.execPath, [await serverBundle()], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.env.dataDir,
        DATABASE_URL: this.env.databaseUrl ?? '',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: this.url,
        ...this.env.extra,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    this.child = child;
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`the shop exited (${child.exitCode ?? child.signalCode}) before it was ready`);
      try {
        if ((await fetch(`${this.url}/healthz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`the shop did not answer ${this.url}/healthz within ${timeoutMs} ms`);
  }

  /**
   * SIGKILL: no shutdown hook runs, in-flight requests and transactions are cut off. The signal is
   * sent at once; the promise resolves when the process has exited (a start() meanwhile is allowed).
   */
  async kill(): Promise<void> {
    await this.signal('SIGKILL');
  }

  /** SIGTERM: the orderly shutdown of `npm start` (closes the database) */
  async stop(): Promise<void> {
    await this.signal('SIGTERM');
  }

  private async signal(sig: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(sig);
    await exited;
    if (this.child === child) this.child = null;
  }
}
