/**
 * The product form's parts sections on the server: their data (the API's `/products/:sku/parts`) and
 * their saves (a new child of a configurable product, a grouped product's links, a bundle's options),
 * each its own form posting to the product page with an `intent` starting with `part.`.
 */
import { redirect } from 'react-router';
import type { AppLoadContext } from 'react-router';
import { adminPath } from './i18n';
import { langOf, staffApi, toLogin } from './staff-api.server';

type Args = { request: Request; context: AppLoadContext };
type Localized = Record<string, string>;

export type PartsView = {
  type_id: string;
  version: number;
  configurable_options: {
    attribute_code: string;
    label: string;
    values: { value: number; label: string; used: boolean }[];
  }[];
  children: { sku: string; options: Record<string, number | string | null> }[];
  product_links: {
    sku: string;
    qty: number;
    is_default: boolean;
    name: string | null;
    type_id: string | null;
    status: number | null;
  }[];
  bundle_options: {
    option_id: number;
    title: Localized;
    type: string;
    required: boolean;
    product_links: {
      sku: string;
      qty: number;
      is_default: boolean;
      can_change_quantity: boolean;
      name: string | null;
      type_id: string | null;
      status: number | null;
    }[];
  }[];
};

/** what a refused part save answers: the section's message, its fields' messages, what was typed */
export type PartResult = {
  message: null;
  stale: false;
  part: {
    name: 'child' | 'links' | 'bundle';
    message: string;
    errors: { field: string; message: string }[];
    fields: Record<string, string>;
    stale: boolean;
  };
};

const COMPOSITE = new Set(['configurable', 'grouped', 'bundle']);

/** the parts of a configurable, grouped or bundle product (null for another type) */
export async function loadParts(args: Args, sku: string, typeId: string): Promise<PartsView | null> {
  if (!COMPOSITE.has(typeId)) return null;
  const answer = await staffApi<PartsView>(args, `/products/${encodeURIComponent(sku)}/parts`);
  if (!answer.ok && answer.status === 401) throw toLogin(args.request);
  return answer.ok ? answer.result : null;
}

/** a price as typed in either language ("449,00", "1 234.50") as the API reads it ("449.00"); '' → undefined */
const amount = (text: string | undefined) => {
  const s = (text ?? '').replace(/[\s\u00A0€]/g, '').replace(',', '.');
  return s === '' ? undefined : s;
};
/** a whole number typed, as a number; anything else as typed (the API names the field) */
const count = (text: string | undefined) => {
  const s = (text ?? '').trim();
  return s === '' ? undefined : /^\d+$/.test(s) ? Number(s) : s;
};
const position = (text: string | undefined, fallback: number) => {
  const n = Number((text ?? '').trim());
  return Number.isFinite(n) && (text ?? '').trim() !== '' ? n : fallback;
};
const titleOf = (f: Record<string, string>, prefix: string) => {
  const out: Localized = {};
  for (const v of ['lt', 'en', 'ru']) if (f[`${prefix}_${v}`]?.trim()) out[v] = f[`${prefix}_${v}`]!.trim();
  return out;
};

/** a grouped product's rows: kept ones by position (then as listed), the new one last */
function groupedLinks(f: Record<string, string>) {
  const rows = [];
  for (let i = 0; i < Number(f.links ?? 0); i++) {
    if (!f[`link_${i}_sku`] || f[`link_${i}_remove`] === 'on') continue;
    rows.push({
      at: position(f[`link_${i}_position`], i + 1),
      i,
      link: { sku: f[`link_${i}_sku`]!, qty: count(f[`link_${i}_qty`]) },
    });
  }
  rows.sort((a, b) => a.at - b.at || a.i - b.i);
  const links = rows.map((r) => r.link);
  if (f.new_link_sku?.trim()) links.push({ sku: f.new_link_sku.trim(), qty: count(f.new_link_qty) ?? 1 });
  return links;
}

/** a bundle's options with their selections, in the order of their positions */
function bundleOptions(f: Record<string, string>) {
  const options = [];
  for (let i = 0; i < Number(f.opts ?? 0); i++) {
    const p = `opt_${i}`;
    if (f[`${p}_remove`] === 'on') continue;
    const links = [];
    for (let j = 0; j < Number(f[`${p}_links`] ?? 0); j++) {
      const q = `${p}_link_${j}`;
      if (!f[`${q}_sku`] || f[`${q}_remove`] === 'on') continue;
      links.push({
        sku: f[`${q}_sku`]!,
        qty: count(f[`${q}_qty`]),
        is_default: f[`${q}_default`] === 'on',
        can_change_quantity: f[`${q}_change`] === 'on',
      });
    }
    if (f[`${p}_new_sku`]?.trim())
      links.push({
        sku: f[`${p}_new_sku`]!.trim(),
        qty: count(f[`${p}_new_qty`]) ?? 1,
        is_default: false,
        can_change_quantity: false,
      });
    options.push({
      at: position(f[`${p}_position`], i + 1),
      i,
      option: {
        option_id: Number(f[`${p}_id`]),
        title: titleOf(f, `${p}_title`),
        type: f[`${p}_type`] ?? 'select',
        required: f[`${p}_required`] === 'on',
        product_links: links,
      },
    });
  }
  options.sort((a, b) => a.at - b.at || a.i - b.i);
  const out: Record<string, unknown>[] = options.map((o) => o.option);
  const title = titleOf(f, 'new_opt_title');
  if (Object.keys(title).length)
    out.push({
      title,
      type: f.new_opt_type ?? 'select',
      required: f.new_opt_required === 'on',
      product_links: f.new_opt_sku?.trim()
        ? [{ sku: f.new_opt_sku.trim(), qty: count(f.new_opt_qty) ?? 1, is_default: true }]
        : [],
    });
  return out;
}

/** a part's save: back to the product's section on success; else the section's messages */
export async function partsAction(
  args: Args & { params: { sku?: string } },
  f: Record<string, string>,
): Promise<PartResult | Response> {
  const lang = langOf(args.request);
  const sku = encodeURIComponent(args.params.sku ?? '');
  const version = Number(f.version);
  let answer;
  let name: PartResult['part']['name'];
  if (f.intent === 'part.child') {
    name = 'child';
    const options: Record<string, number | string> = {};
    for (const code of (f.option_codes ?? '').split(',').filter(Boolean))
      options[code] = count(f[`child_opt_${code}`]) ?? '';
    answer = await staffApi<{ sku: string }>(args, `/products/${sku}/children`, {
      method: 'POST',
      body: {
        version,
        ...(f.opened_at ? { opened_at: f.opened_at } : {}),
        child: {
          sku: (f.child_sku ?? '').trim(),
          options,
          price: amount(f.child_price),
          qty: count(f.child_qty),
          is_in_stock: f.child_in === 'on',
          status: f.child_enabled === 'on' ? 1 : 2,
        },
      },
    });
  } else {
    name = f.intent === 'part.bundle' ? 'bundle' : 'links';
    answer = await staffApi<{ sku: string }>(args, `/products/${sku}/links`, {
      method: 'POST',
      body:
        name === 'bundle'
          ? { version, bundle_options: bundleOptions(f) }
          : { version, product_links: groupedLinks(f) },
    });
  }
  if (!answer.ok && answer.status === 401) throw toLogin(args.request);
  if (answer.ok)
    return redirect(
      `${adminPath(lang, `/products/${sku}`)}?saved=1#${name === 'child' ? 'children' : 'links'}`,
    );
  return {
    message: null,
    stale: false,
    part: {
      name,
      message: answer.message,
      errors: answer.errors ?? [],
      fields: f,
      stale: answer.status === 409 && !(answer.errors ?? []).length,
    },
  };
}
