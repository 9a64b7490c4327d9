/**
 * Facts about the data kept in the `meta` table. The catalogue version is a counter bumped by every
 * change of what the catalogue shows (an import, a re-index of expired special prices): caches of
 * catalogue responses and anonymous pages are keyed by it (DESIGN.md principle 5).
 */
import type { Executor } from './client.ts';

export const CATALOG_VERSION_KEY = 'catalog_version';
/**
 * Set (true) by the shop server when it seeds the demo catalogue into an empty database, cleared by
 * `removeDemoData`: while set the shop counts as a demo (demo special offers, the payment sandbox by
 * default, a warning in the start log).
 */
export const DEMO_CATALOG_KEY = 'demo_catalog';

/** Whether the shop runs on the seeded demo catalogue (meta `demo_catalog`). */
export async function isDemoShop(database: Executor): Promise<boolean> {
  return (await getMeta<boolean>(database, DEMO_CATALOG_KEY)) === true;
}

/** The current catalogue version (0 before the first import). */
export async function getCatalogVersion(database: Executor): Promise<number> {
  const [row] = await database.query<{ v: number | null }>(
    `select (value #>> '{}')::int as v from meta where key = $1`,
    [CATALOG_VERSION_KEY],
  );
  return row?.v ?? 0;
}

/**
 * The catalogue version and the demo flag in one read: a shop process reuses both for
 * CATALOG_VERSION_TTL_MS (apps/api CatalogService), so the flag, asked on every order and every
 * listing of payment methods, costs no statement of its own and is as fresh as the version.
 */
export async function getCatalogStamp(database: Executor): Promise<{ version: number; demo: boolean }> {
  const [row] = await database.query<{ v: number | null; demo: boolean | null }>(
    `select (select (value #>> '{}')::int from meta where key = $1) as v,
            (select (value #>> '{}') = 'true' from meta where key = $2) as demo`,
    [CATALOG_VERSION_KEY, DEMO_CATALOG_KEY],
  );
  return { version: row?.v ?? 0, demo: row?.demo === true };
}

/** Adds one to the catalogue version (atomically) and returns the new value. */
export async function bumpCatalogVersion(database: Executor): Promise<number> {
  const [row] = await database.query<{ v: number }>(
    `insert into meta (key, value, updated_at) values ($1, to_jsonb(1), now())
     on conflict (key) do update
       set value = to_jsonb(coalesce((meta.value #>> '{}')::int, 0) + 1), updated_at = now()
     returning (value #>> '{}')::int as v`,
    [CATALOG_VERSION_KEY],
  );
  return row?.v ?? 1;
}

export async function getMeta<T = unknown>(database: Executor, key: string): Promise<T | undefined> {
  const [row] = await database.query<{ value: T }>('select value from meta where key = $1', [key]);
  return row?.value;
}

export async function setMeta(database: Executor, key: string, value: unknown): Promise<void> {
  await database.query(
    `insert into meta (key, value, updated_at) values ($1, $2::jsonb, now())
     on conflict (key) do update set value = excluded.value, updated_at = now()`,
    [key, JSON.stringify(value)],
  );
}
