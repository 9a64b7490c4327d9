/** Another process holding a data folder (support/hold-lock.ts), for tests of the folder lock. */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('./hold-lock.ts', import.meta.url));

export interface LockHolder {
  readonly child: ChildProcess;
  /** what the process said: `held`, or `busy PID` */
  readonly said: string;
  /** SIGKILL, resolved when the signal is sent (not when the process is gone: that is the point) */
  kill(): void;
  /** SIGKILL, resolved when the process has exited */
  killAndWait(): Promise<void>;
}

export async function startLockHolder(dir: string, port = 0, adminToken = ''): Promise<LockHolder> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, dir, String(port), adminToken], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  let out = '';
  child.stdout.setEncoding('utf8');
  const said = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      if (out.includes('\n')) resolve(out.trim());
    });
    child.once('exit', (code) => reject(new Error(`hold-lock exited (${code}) before taking the lock`)));
  });
  return {
    child,
    said,
    kill: () => void child.kill('SIGKILL'),
    async killAndWait() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
