/**
 * The embedded database's thread stops (a crash): the shop exits non-zero with a line that says why,
 * instead of answering every request with an error, so that whatever started it starts it again.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe("the embedded database's thread stops", () => {
  it('ends the shop with code 1 and a log line saying so', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'database-thread-exit.fixture.ts')],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, PGLITE_THREAD: undefined },
      },
    );
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(out).toContain('database open');
    expect(code).toBe(1);
    const fatal = out
      .split('\n')
      .find((line) => line.includes("the embedded database's thread stopped: the shop exits"));
    expect(fatal).toBeDefined();
    expect(JSON.parse(fatal!)).toMatchObject({ level: 60 });
  }, 300_000);
});
