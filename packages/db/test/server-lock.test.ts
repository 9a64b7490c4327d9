import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireServerLock, readServerLock, removeServerLock } from '../src/index.ts';
import { startLockHolder, type LockHolder } from './support/lock-holder.ts';

describe('server lock (a socket that dies with its process, and DATA_DIR/server.json)', () => {
  let dir: string;
  const holders: LockHolder[] = [];
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'vitrina-lock-'));
  });
  afterEach(async () => {
    await removeServerLock(dir);
    for (const h of holders.splice(0)) await h.killAndWait();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reports another process that holds the folder, with its port and token', async () => {
    const holder = await startLockHolder(dir, 3123, 'secret');
    holders.push(holder);
    expect(holder.said).toBe('held');
    expect(await readServerLock(dir)).toMatchObject({ pid: holder.child.pid, port: 3123, adminToken: 'secret', role: 'server' });
    expect(await acquireServerLock(dir, { pid: process.pid, port: 0, adminToken: '' })).toMatchObject({
      pid: holder.child.pid,
      port: 3123,
    });
    expect(JSON.parse(readFileSync(path.join(dir, 'server.json'), 'utf8'))).toMatchObject({ port: 3123 });
  });

  it('is not blocked by a lock file whose pid is alive but holds nothing (a reused pid)', async () => {
    // failed before the socket lock: a live pid in server.json blocked the folder for ever
    writeFileSync(path.join(dir, 'server.json'), JSON.stringify({ pid: process.ppid, port: 9, adminToken: 't' }));
    expect(await readServerLock(dir)).toBeNull();
    expect(await acquireServerLock(dir, { pid: process.pid, port: 0, adminToken: '' })).toBeNull();
    expect(JSON.parse(readFileSync(path.join(dir, 'server.json'), 'utf8'))).toMatchObject({ pid: process.pid });
  });

  it('ignores a missing or unreadable lock file, and its own lock', async () => {
    expect(await readServerLock(dir)).toBeNull();
    writeFileSync(path.join(dir, 'server.json'), '{ not json');
    expect(await readServerLock(dir)).toBeNull();
    expect(await acquireServerLock(dir, { pid: process.pid, port: 1, adminToken: 'x' })).toBeNull();
    expect(await readServerLock(dir)).toBeNull();
    // taking it again in the same process is no conflict
    expect(await acquireServerLock(dir, { pid: process.pid, port: 2, adminToken: 'x' })).toBeNull();
  });

  it('releases only its own lock, and a released folder can be taken by another process', async () => {
    expect(await acquireServerLock(dir, { pid: process.pid, port: 1, adminToken: 'x' })).toBeNull();
    const blocked = await startLockHolder(dir);
    holders.push(blocked);
    expect(blocked.said).toBe(`busy ${process.pid}`);
    await removeServerLock(dir);
    expect(() => readFileSync(path.join(dir, 'server.json'))).toThrow();
    const next = await startLockHolder(dir, 5, 'y');
    holders.push(next);
    expect(next.said).toBe('held');
    await removeServerLock(dir); // not ours: nothing happens
    expect(await readServerLock(dir)).toMatchObject({ pid: next.child.pid, port: 5 });
  });

  it('is free again at once after its holder is killed with SIGKILL, every time', { timeout: 60_000 }, async () => {
    for (let round = 0; round < 5; round++) {
      const holder = await startLockHolder(dir, 3000 + round, 'tok');
      holders.push(holder);
      expect(holder.said).toBe('held');
      // killed, and the folder taken right away, while the killed process may still be exiting
      // (failed before the socket lock: "in use by process N" until that pid was reaped)
      holder.kill();
      expect(await acquireServerLock(dir, { pid: process.pid, port: 0, adminToken: '' }), `round ${round}`).toBeNull();
      await removeServerLock(dir);
    }
  });
});
