/**
 * The embedded database (PGlite) admits one process per data folder. The process holding it (the shop
 * server, or the import command when no shop runs) takes two things:
 *
 * - the LOCK: a listening local socket whose name derives from the folder's real path (Linux: an
 *   abstract-namespace Unix socket; Windows: a named pipe; elsewhere: a Unix socket file in the temp
 *   folder). Binding is atomic (a second bind fails with EADDRINUSE) and the kernel releases it when the
 *   process dies, however it dies: a `kill -9` leaves nothing stale behind, and an immediate restart
 *   finds the folder free as soon as the killed process's files are closed. A lock file naming a pid
 *   could not do that: the pid of a killed process stays "alive" while it exits (and as a zombie), and
 *   once reused by another process it blocked the folder for ever. (npm offers no better: proper-lockfile
 *   judges staleness by mtime, seconds after a crash; fs-ext's flock needs a native build.)
 * - the INFORMATION file `DATA_DIR/server.json`: `{ pid, port, adminToken, role }`, readable only by its
 *   owner (it holds a token). The import command reads it to hand its file to the live shop over HTTP
 *   instead of opening the folder (src/import/cli.ts). It is believed only while its pid holds the lock.
 *
 * Asked over the socket, the holder answers `{ pid, role }` (no secret: anyone local may connect).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, realpathSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const SERVER_LOCK_FILE = 'server.json';

export interface ServerLock {
  pid: number;
  /** HTTP port of the shop (0 when the holder serves no HTTP, e.g. the import command, or is starting) */
  port: number;
  /** bearer token of POST /vsbridge/admin/catalog/import */
  adminToken: string;
  /** who holds the folder; absent means the shop server */
  role?: 'server' | 'import';
  startedAt?: string;
}

/** How long a holder that does not answer (a killed process still exiting) is waited for. */
const SILENT_HOLDER_WAIT_MS = 3000;
/** How long the holder's answer is waited for. */
const ANSWER_TIMEOUT_MS = 1000;

/** the lock sockets this process holds, by address */
const held = new Map<string, Server>();

export function serverLockPath(dataDir: string): string {
  return path.join(dataDir, SERVER_LOCK_FILE);
}

/** The address of a data folder's lock socket (the same for every path that names the folder). */
export function serverLockAddress(dataDir: string, platform: NodeJS.Platform = process.platform): string {
  const name = `vitrina-data-${createHash('sha256').update(realpathSync(dataDir)).digest('hex').slice(0, 24)}`;
  if (platform === 'linux') return `\0${name}`;
  if (platform === 'win32') return `\\\\.\\pipe\\${name}`;
  return path.join(tmpdir(), `${name}.sock`);
}

/** a Unix socket file, which outlives a killed process (unlike the abstract name and the pipe) */
function isSocketFile(address: string): boolean {
  return !address.startsWith('\0') && !address.startsWith('\\\\.\\pipe\\');
}

function parseLock(text: string): ServerLock | null {
  try {
    const v = JSON.parse(text) as Partial<ServerLock>;
    if (typeof v.pid !== 'number') return null;
    return {
      pid: v.pid,
      port: typeof v.port === 'number' ? v.port : 0,
      adminToken: typeof v.adminToken === 'string' ? v.adminToken : '',
      ...(v.role ? { role: v.role } : {}),
      ...(v.startedAt ? { startedAt: v.startedAt } : {}),
    };
  } catch {
    return null;
  }
}

function readInfo(dataDir: string): ServerLock | null {
  try {
    return parseLock(readFileSync(serverLockPath(dataDir), 'utf8'));
  } catch {
    return null;
  }
}

type Answer = { state: 'free' } | { state: 'silent' } | { state: 'held'; pid: number; role: 'server' | 'import' };

/** Asks whoever listens on the lock address who they are. */
function askHolder(address: string): Promise<Answer> {
  return new Promise((resolve) => {
    const socket = connect(address);
    let text = '';
    const done = (answer: Answer) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    // connected but unanswered: a process that no longer runs its event loop (killed, exiting) or is busy
    const timer = setTimeout(() => done({ state: 'silent' }), ANSWER_TIMEOUT_MS);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('end', () => {
      try {
        const v = JSON.parse(text) as { pid?: unknown; role?: unknown };
        if (typeof v.pid === 'number')
          return done({ state: 'held', pid: v.pid, role: v.role === 'import' ? 'import' : 'server' });
      } catch {
        // not our protocol
      }
      done({ state: 'silent' });
    });
    // ECONNREFUSED (a socket file left by a dead process), ENOENT: nobody holds it
    socket.on('error', () => done({ state: 'free' }));
  });
}

/** Binds the lock address; null when someone else holds it. */
function bindLock(address: string, role: 'server' | 'import'): Promise<Server | null> {
  return new Promise((resolve, reject) => {
    const server = createServer((socket) => {
      socket.on('error', () => {});
      socket.end(JSON.stringify({ pid: process.pid, role }));
    });
    server.once('error', (err: NodeJS.ErrnoException) => (err.code === 'EADDRINUSE' ? resolve(null) : reject(err)));
    server.listen(address, () => {
      server.unref(); // the lock must not keep the process alive
      resolve(server);
    });
  });
}

/** The holder as the information file describes it, when that file is the holder's. */
function describeHolder(dataDir: string, answer: Answer): ServerLock {
  const info = readInfo(dataDir);
  if (answer.state !== 'held') return info ?? { pid: 0, port: 0, adminToken: '' };
  if (info && info.pid === answer.pid) return info;
  // the holder has not written its file yet (it is starting): no port, no token
  return { pid: answer.pid, port: 0, adminToken: '', role: answer.role };
}

/**
 * The holder of a data folder when another process holds it, else null (free, or held by this
 * process). Its port and token come from the information file while that file is the holder's.
 */
export async function readServerLock(dataDir: string): Promise<ServerLock | null> {
  let address: string;
  try {
    address = serverLockAddress(dataDir);
  } catch {
    return null; // no such folder
  }
  if (held.has(address)) return null;
  const answer = await askHolder(address);
  return answer.state === 'free' ? null : describeHolder(dataDir, answer);
}

/** Writes the information file (atomically: temp file + rename), readable only by its owner. */
export async function writeServerLock(dataDir: string, lock: ServerLock): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const file = serverLockPath(dataDir);
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const body: ServerLock = { role: 'server', startedAt: new Date().toISOString(), ...lock };
  writeFileSync(tmp, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
  renameSync(tmp, file);
}

/** Releases the folder if this process holds it (the information file goes with it). */
export async function removeServerLock(dataDir: string): Promise<void> {
  let address: string;
  try {
    address = serverLockAddress(dataDir);
  } catch {
    return;
  }
  const server = held.get(address);
  if (!server) return;
  held.delete(address);
  await rm(serverLockPath(dataDir), { force: true });
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/**
 * Takes the data folder for this process and writes its information file. Returns null when taken
 * (or already held by this process), or the holder when another process holds the folder. A holder
 * that does not answer (a process killed a moment ago, still exiting) is waited for a few seconds.
 */
export async function acquireServerLock(dataDir: string, lock: ServerLock): Promise<ServerLock | null> {
  mkdirSync(dataDir, { recursive: true });
  const address = serverLockAddress(dataDir);
  const role = lock.role ?? 'server';
  const deadline = Date.now() + SILENT_HOLDER_WAIT_MS;
  while (!held.has(address)) {
    const server = await bindLock(address, role);
    if (server) {
      held.set(address, server);
      break;
    }
    const answer = await askHolder(address);
    if (answer.state === 'held') return describeHolder(dataDir, answer);
    if (answer.state === 'free' && isSocketFile(address)) {
      try {
        unlinkSync(address); // left by a dead process
      } catch {
        // removed by someone else meanwhile
      }
    } else if (Date.now() > deadline) {
      return describeHolder(dataDir, answer);
    } else {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await writeServerLock(dataDir, lock);
  return null;
}
