/**
 * A process that holds a data folder's lock like a running shop: `node --import tsx hold-lock.ts DIR
 * [PORT] [TOKEN]` takes the lock, prints `held` (or `busy PID` when another process holds it) and
 * then waits to be killed. Spawned by the lock and import-command tests (support/lock-holder.ts).
 */
import { acquireServerLock } from '../../src/server-lock.ts';

const [dir, port = '0', adminToken = ''] = process.argv.slice(2);
const holder = await acquireServerLock(dir as string, { pid: process.pid, port: Number(port), adminToken });
process.stdout.write(holder ? `busy ${holder.pid}\n` : 'held\n');
setInterval(() => {}, 60_000);
