/**
 * Banner JSON per store view from local files (accounts-checkout-routes.md §7 GET /home-page: "Banner
 * data also comes from local JSON files per store view"): `BANNERS_DIR/{storeCode}.json`, an object
 * whose keys are banner kinds, each a list of banners. Validated with zod at the edge: a missing file
 * means none; an unreadable or invalid file is logged with the failing field and ignored (the
 * database's banners answer), never an error to the shopper.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BannerAnswer, StoreCode } from '@vitrina/domain';
import { z } from 'zod';

/** a banner as the home page answers it: the shared contract (packages/domain contracts/shop-answers.ts) */
export type BannerOut = BannerAnswer;

const bannerSchema = z.object({
  id: z.number().int(),
  position: z.number().int().min(0).default(0),
  image: z.string().min(1),
  title: z.string().default(''),
  link: z.string().default(''),
  category_id: z.number().int().positive().optional(),
});

export type BannerLog = { warn: (obj: object, msg: string) => void };

/**
 * The banner lists of a store view's file by kind (only the kinds in `kinds`), or {} when there is
 * no file or it is not valid.
 */
export async function readBannerFile(
  dir: string,
  store: StoreCode,
  kinds: readonly string[],
  log: BannerLog,
): Promise<Record<string, BannerOut[]>> {
  const file = path.join(dir, `${store}.json`);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT')
      log.warn({ file, err: e }, 'banner file unreadable, ignored');
    return {};
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    log.warn({ file, err: (e as Error).message }, 'banner file is not JSON, ignored');
    return {};
  }
  const schema = z.object(Object.fromEntries(kinds.map((k) => [k, z.array(bannerSchema).optional()])));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    log.warn({ file, field: issue?.path.join('.'), message: issue?.message }, 'banner file invalid, ignored');
    return {};
  }
  const out: Record<string, BannerOut[]> = {};
  for (const [kind, list] of Object.entries(parsed.data)) {
    if (!list) continue;
    out[kind] = (list as BannerOut[]).slice().sort((a, b) => a.position - b.position);
  }
  return out;
}
