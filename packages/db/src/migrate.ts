/**
 * Migration runner: applies the SQL files of packages/db/migrations (drizzle-kit output plus the
 * hand-written ones) in file-name order, once each, recording them in `vitrina_migrations`.
 *
 * - Safe to run twice: applied files are skipped.
 * - Safe to run concurrently on PostgreSQL (several server processes starting together): the whole run
 *   is one transaction holding a transaction-level advisory lock, so a second runner waits, then sees
 *   the first one's records and does nothing. DDL is transactional in PostgreSQL: a failing migration
 *   leaves the database as it was.
 * - The same on PGlite (one connection; multi-statement files run through exec).
 *
 * Finding the files: MIGRATIONS_DIR is resolved from this module's URL, which works from source (tsx,
 * vitest). A bundled server (esbuild) should copy packages/db/migrations next to its bundle, as
 * `<bundle dir>/migrations`, which is tried too; or pass `migrate(db, { dir })`, or set
 * VITRINA_MIGRATIONS_DIR.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { liftTimeLimits, type Executor } from './client.ts';

/** advisory lock key of the migration run (any constant shared by all processes of this app) */
const MIGRATION_LOCK_KEY = 7_242_001;
export const MIGRATIONS_TABLE = 'vitrina_migrations';

function hasSqlFiles(dir: string): boolean {
  try {
    return readdirSync(dir).some((f) => f.endsWith('.sql'));
  } catch {
    return false;
  }
}

function resolveMigrationsDir(): string {
  const candidates = [
    process.env.VITRINA_MIGRATIONS_DIR,
    fileURLToPath(new URL('../migrations', import.meta.url)), // source: packages/db/src/migrate.ts
    fileURLToPath(new URL('./migrations', import.meta.url)), // bundle: <dir>/server.mjs + <dir>/migrations
    fileURLToPath(new URL('../packages/db/migrations', import.meta.url)), // bundle at the repository's root level
    path.resolve('packages/db/migrations'), // started from the repository root
  ].filter((d): d is string => Boolean(d));
  return candidates.find(hasSqlFiles) ?? (candidates[1] as string);
}

/** The folder of the SQL migrations (see the module comment for bundles). */
export const MIGRATIONS_DIR: string = resolveMigrationsDir();

export interface MigrationFile {
  name: string;
  sql: string;
  hash: string;
}

/** The migration files of a folder, in order (file names start with a 4-digit sequence number). */
export function readMigrations(dir: string = MIGRATIONS_DIR): MigrationFile[] {
  if (!existsSync(dir)) throw new Error(`Migrations folder not found: ${dir}`);
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  if (files.length === 0) throw new Error(`No .sql migrations in ${dir}`);
  return files.map((f) => {
    const sql = readFileSync(path.join(dir, f), 'utf8');
    return { name: f.replace(/\.sql$/, ''), sql, hash: createHash('sha256').update(sql).digest('hex') };
  });
}

export interface MigrateResult {
  /** names of the migrations applied by this run */
  applied: string[];
  /** how many were already applied */
  skipped: number;
  /** applied migrations whose file has changed since (edited after the fact: worth a look) */
  changed: string[];
}

/** Applies the pending migrations. See the module comment. */
export async function migrate(database: Executor, options: { dir?: string } = {}): Promise<MigrateResult> {
  const files = readMigrations(options.dir ?? MIGRATIONS_DIR);
  return database.transaction(async (tx) => {
    if (tx.kind === 'postgres') {
      await liftTimeLimits(tx); // an index built on a large table takes its time
      await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    }
    await tx.exec(`create table if not exists ${MIGRATIONS_TABLE} (
      name text primary key,
      hash text not null,
      applied_at timestamptz not null default now()
    )`);
    const done = new Map(
      (await tx.query<{ name: string; hash: string }>(`select name, hash from ${MIGRATIONS_TABLE}`)).map((r) => [
        r.name,
        r.hash,
      ]),
    );
    const result: MigrateResult = { applied: [], skipped: 0, changed: [] };
    for (const file of files) {
      const appliedHash = done.get(file.name);
      if (appliedHash !== undefined) {
        result.skipped++;
        if (appliedHash !== file.hash) result.changed.push(file.name);
        continue;
      }
      try {
        await tx.exec(file.sql);
      } catch (err) {
        throw new Error(`Migration ${file.name} failed: ${(err as Error).message}`, { cause: err });
      }
      await tx.query(`insert into ${MIGRATIONS_TABLE} (name, hash) values ($1, $2)`, [file.name, file.hash]);
      result.applied.push(file.name);
    }
    return result;
  });
}
