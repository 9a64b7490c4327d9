/**
 * `npm run staff -- add EMAIL --role admin|staff|catalog` | `list` | `disable EMAIL` | `passwd EMAIL`.
 *
 * The password is asked on a terminal (not echoed), or read from standard input (one line) when
 * stdin is not a terminal or `--password-stdin` is given, so it never appears in the shell history
 * or the process list. Database: DATABASE_URL, or the embedded one in DATA_DIR (default ./var); when a
 * shop is running on that folder (its lock, DATA_DIR/server.json), the command is handed to it
 * (`POST /vsbridge/admin/staff` with the shop's ADMIN_TOKEN), as `npm run catalog:import` does. Every
 * change is written to the staff audit log as done by `cli`.
 */
import path from 'node:path';
import { createInterface } from 'node:readline';
import { acquireServerLock, migrate, openDatabase, readServerLock, removeServerLock, type Database } from '@vitrina/db';
import { isStaffRole } from '@vitrina/domain';
import { CLI_ACTOR } from './audit.ts';
import { StaffAccountError, addStaff, disableStaff, listStaff, setStaffPassword } from './accounts.ts';

export type StaffCliIo = {
  env: NodeJS.ProcessEnv;
  cwd: string;
  out: (line: string) => void;
  err: (line: string) => void;
  /** the password: asked on the terminal or read from stdin */
  readPassword: (prompt: string, fromStdin: boolean) => Promise<string>;
};

const USAGE = `Usage: npm run staff -- COMMAND
  add EMAIL --role admin|staff|catalog [--password-stdin]   create a staff account (password asked, or one line on stdin)
  list                                              the staff accounts
  disable EMAIL                                     disable an account and end its sessions
  passwd EMAIL [--password-stdin]                   set a new password and end the account's sessions
Database: DATABASE_URL, or the embedded database in DATA_DIR (default ./var), handed to the shop running on it.`;

/** runs one command on a database opened for it; exit code 0 ok, 1 refused, 2 usage, 3 database */
export async function runStaffCli(args: readonly string[], io: StaffCliIo, open?: () => Promise<Database>): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.out(USAGE);
    return 0;
  }
  const [command, ...rest] = args;
  const positional = rest.filter((a, i) => !a.startsWith('--') && rest[i - 1] !== '--role');
  const roleAt = rest.indexOf('--role');
  const role = roleAt >= 0 ? rest[roleAt + 1] : undefined;
  const fromStdin = rest.includes('--password-stdin');
  const email = positional[0];
  if (
    !command ||
    !['add', 'list', 'disable', 'passwd'].includes(command) ||
    (command !== 'list' && !email) ||
    (command === 'add' && !isStaffRole(role))
  ) {
    io.err(USAGE);
    return 2;
  }
  const password = command === 'add' || command === 'passwd' ? await io.readPassword(`Password for ${email}: `, fromStdin) : '';

  const request = { command, email, role: isStaffRole(role) ? role : undefined, password };
  if (!open && !io.env.DATABASE_URL) {
    // the embedded database of a running shop is its alone: the command goes to the shop
    const dataDir = path.resolve(io.cwd, io.env.DATA_DIR || 'var');
    const holder = await readServerLock(dataDir);
    if (holder && holder.role !== 'import' && holder.port) return handOver(holder.port, holder.adminToken, request, io);
  }
  return withDatabase(io, open, async (db) => {
    try {
      if (command === 'list') {
        for (const a of await listStaff(db)) io.out(`${a.email}\t${a.role}\t${a.disabled ? 'disabled' : 'active'}\t${a.created_at}`);
        return 0;
      }
      if (command === 'add' && isStaffRole(role)) {
        const account = await addStaff(db, CLI_ACTOR, email as string, role, password);
        io.out(`Created ${account.email} (${account.role}).`);
        return 0;
      }
      const account =
        command === 'disable' ? await disableStaff(db, CLI_ACTOR, { email: email as string }) : await setStaffPassword(db, CLI_ACTOR, email as string, password);
      if (!account) {
        io.err(`No staff account ${email}.`);
        return 1;
      }
      io.out(command === 'disable' ? `Disabled ${account.email}; its sessions have ended.` : `New password set for ${account.email}; its sessions have ended.`);
      return 0;
    } catch (err) {
      if (err instanceof StaffAccountError) {
        io.err(err.message);
        return 1;
      }
      throw err;
    }
  });
}

type Account = { email: string; role: string; disabled: boolean; created_at: string };

/** runs the command in the shop holding the database (`POST /vsbridge/admin/staff` with its ADMIN_TOKEN) */
async function handOver(port: number, adminToken: string, request: Record<string, unknown>, io: StaffCliIo): Promise<number> {
  let answer: Response;
  try {
    answer = await fetch(`http://127.0.0.1:${port}/vsbridge/admin/staff`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify(request),
    });
  } catch (err) {
    io.err(`Could not reach the running shop on port ${port}: ${(err as Error).message}`);
    return 3;
  }
  const json = (await answer.json().catch(() => ({}))) as { result?: unknown };
  if (!answer.ok) {
    io.err(answer.status === 404 ? `No staff account ${String(request.email)}.` : typeof json.result === 'string' ? json.result : `HTTP ${answer.status}`);
    return answer.status === 401 ? 3 : 1;
  }
  if (request.command === 'list') {
    for (const a of json.result as Account[]) io.out(`${a.email}\t${a.role}\t${a.disabled ? 'disabled' : 'active'}\t${a.created_at}`);
    return 0;
  }
  const a = json.result as Account;
  io.out(
    request.command === 'add'
      ? `Created ${a.email} (${a.role}).`
      : request.command === 'disable'
        ? `Disabled ${a.email}; its sessions have ended.`
        : `New password set for ${a.email}; its sessions have ended.`,
  );
  return 0;
}

async function withDatabase(io: StaffCliIo, open: (() => Promise<Database>) | undefined, work: (db: Database) => Promise<number>): Promise<number> {
  // a database handed in (tests) stays open: its owner closes it
  if (open) return work(await open());
  if (io.env.DATABASE_URL) return runOn(await openDatabase({ databaseUrl: io.env.DATABASE_URL }), work);
  const dataDir = path.resolve(io.cwd, io.env.DATA_DIR || 'var');
  const holder = (await readServerLock(dataDir)) ?? (await acquireServerLock(dataDir, { pid: process.pid, port: 0, adminToken: '', role: 'import' }));
  if (holder) {
    io.err(`A process (pid ${holder.pid}) is using the embedded database in ${dataDir}; try again when it has finished (or use DATABASE_URL).`);
    return 3;
  }
  try {
    return await runOn(await openDatabase({ dataDir }), work);
  } finally {
    await removeServerLock(dataDir);
  }
}

async function runOn(db: Database, work: (db: Database) => Promise<number>): Promise<number> {
  try {
    await migrate(db);
    return await work(db);
  } finally {
    await db.close();
  }
}

/** the password from the terminal without echo, or the first line of stdin */
export async function readPassword(prompt: string, fromStdin: boolean): Promise<string> {
  if (fromStdin || !process.stdin.isTTY) {
    const lines = createInterface({ input: process.stdin });
    for await (const line of lines) {
      lines.close();
      return line.replace(/\r$/, '');
    }
    return '';
  }
  process.stderr.write(prompt);
  const stdin = process.stdin;
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let value = '';
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stderr.write('\n');
          return resolve(value);
        }
        if (ch === '\u0003') {
          stdin.setRawMode(false);
          return reject(new Error('cancelled'));
        }
        if (ch === '\u007f') value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on('data', onData);
  });
}
