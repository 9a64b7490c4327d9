/**
 * The embedded database (PGlite) admits one process per data folder. The process holding it (the shop
 * server, or the import command when no shop runs) announces itself in `DATA_DIR/server.json`:
 * `{ pid, port, adminToken }`. Others read it: the import command hands its file to the live server
 * over HTTP instead of opening the folder (src/import/cli.ts).
 *
 * A lock whose process is gone is stale and ignored (and replaced by acquireServerLock).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';

export const SERVER_LOCK_FILE = 'server.json';

export interface ServerLock {
  pid: number;
  /** HTTP port of the shop (0 when the holder serves no HTTP, e.g. the import command) */
  port: number;
  /** bearer token of POST /vsbridge/admin/catalog/import */
  adminToken: string;
  /** who holds the folder; absent means the shop server */
  role?: 'server' | 'import';
  startedAt?: string;
}

export function serverLockPath(dataDir: string): string {
  return path.join(dataDir, SERVER_LOCK_FILE);
}

/** Whether a process with this pid runs (signal 0 probes without signalling). */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
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

/**
 * The lock of a data folder when its process is alive (and is not this process), else null: no file,
 * an unreadable file and a stale lock all read as null.
 */
export async function readServerLock(dataDir: string): Promise<ServerLock | null> {
  let text: string;
  try {
    text = await readFile(serverLockPath(dataDir), 'utf8');
  } catch {
    return null;
  }
  const lock = parseLock(text);
  if (!lock || lock.pid === process.pid || !isProcessAlive(lock.pid)) return null;
  return lock;
}

/** Writes the lock (atomically: temp file + rename), readable only by its owner (it holds a token). */
export async function writeServerLock(dataDir: string, lock: ServerLock): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const file = serverLockPath(dataDir);
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const body: ServerLock = { role: 'server', startedAt: new Date().toISOString(), ...lock };
  writeFileSync(tmp, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
  renameSync(tmp, file);
}

/** Removes the lock if it is this process's (or names no live process). */
export async function removeServerLock(dataDir: string): Promise<void> {
  const file = serverLockPath(dataDir);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return;
  }
  const lock = parseLock(text);
  if (lock && lock.pid !== process.pid && isProcessAlive(lock.pid)) return; // someone else's, alive
  await rm(file, { force: true });
}

/**
 * Takes the data folder for this process: creates the lock file exclusively (so two processes starting
 * together cannot both win), replacing a stale one. Returns null when taken, or the live holder's lock
 * when another process holds the folder.
 */
export function acquireServerLock(dataDir: string, lock: ServerLock): ServerLock | null {
  mkdirSync(dataDir, { recursive: true });
  const file = serverLockPath(dataDir);
  const body = `${JSON.stringify({ role: 'server', startedAt: new Date().toISOString(), ...lock }, null, 2)}\n`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, body, { flag: 'wx', mode: 0o600 });
      return null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let holder: ServerLock | null = null;
    try {
      holder = parseLock(readFileSync(file, 'utf8'));
    } catch {
      // vanished meanwhile: try again
    }
    if (holder && holder.pid !== process.pid && isProcessAlive(holder.pid)) return holder;
    try {
      unlinkSync(file); // stale
    } catch {
      // removed by someone else meanwhile
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}
