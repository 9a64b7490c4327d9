import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireServerLock, isProcessAlive, readServerLock, removeServerLock, writeServerLock } from '../src/index.ts';

describe('server lock (DATA_DIR/server.json)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'vitrina-lock-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads a lock whose process is alive', async () => {
    // the test runner's parent process is alive and is not us
    await writeServerLock(dir, { pid: process.ppid, port: 3123, adminToken: 'secret' });
    expect(await readServerLock(dir)).toMatchObject({ pid: process.ppid, port: 3123, adminToken: 'secret', role: 'server' });
    expect(JSON.parse(readFileSync(path.join(dir, 'server.json'), 'utf8'))).toMatchObject({ port: 3123 });
  });

  it('ignores a missing, unreadable, stale or own lock', async () => {
    expect(await readServerLock(dir)).toBeNull();
    writeFileSync(path.join(dir, 'server.json'), '{ not json');
    expect(await readServerLock(dir)).toBeNull();
    await writeServerLock(dir, { pid: 2 ** 22 + 12345, port: 1, adminToken: 'x' });
    expect(await readServerLock(dir)).toBeNull();
    await writeServerLock(dir, { pid: process.pid, port: 1, adminToken: 'x' });
    expect(await readServerLock(dir)).toBeNull();
  });

  it('removes only its own (or a stale) lock', async () => {
    await writeServerLock(dir, { pid: process.ppid, port: 1, adminToken: 'x' });
    await removeServerLock(dir);
    expect(await readServerLock(dir)).not.toBeNull();
    await writeServerLock(dir, { pid: process.pid, port: 1, adminToken: 'x' });
    await removeServerLock(dir);
    expect(() => readFileSync(path.join(dir, 'server.json'))).toThrow();
  });

  it('acquires a free or stale folder, and reports a live holder', () => {
    expect(acquireServerLock(dir, { pid: process.pid, port: 0, adminToken: '', role: 'import' })).toBeNull();
    writeFileSync(path.join(dir, 'server.json'), JSON.stringify({ pid: 2 ** 22 + 12345, port: 1, adminToken: 'x' }));
    expect(acquireServerLock(dir, { pid: process.pid, port: 0, adminToken: '' })).toBeNull();
    writeFileSync(path.join(dir, 'server.json'), JSON.stringify({ pid: process.ppid, port: 9, adminToken: 't' }));
    expect(acquireServerLock(dir, { pid: process.pid, port: 0, adminToken: '' })).toMatchObject({ pid: process.ppid, port: 9 });
  });

  it('knows live and dead processes', () => {
    expect(isProcessAlive(process.pid)).toBe(true);
    expect(isProcessAlive(2 ** 22 + 12345)).toBe(false);
    expect(isProcessAlive(-1)).toBe(false);
  });
});
