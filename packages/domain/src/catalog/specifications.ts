// The product page's specification table: rows from the product's attribute
// values, labelled by the attribute metadata of the store view, grouped, in the attributes' order.

export interface SpecAttribute {
  attribute_code: string;
  frontend_label?: string | null;
  frontend_input?: string | null;
  position?: number | null;
  /** Magento's flag: false hides the attribute from the product page (absent: shown) */
  is_visible_on_front?: boolean | null;
  options?: readonly { value: number | string; label: string }[] | null;
}

export type SpecGroup = 'general' | 'performance' | 'display' | 'connectivity' | 'other';

/** Where an attribute belongs; codes not listed go to "other". */
const GROUP_OF: Record<string, SpecGroup> = {
  manufacturer: 'general',
  brand: 'general',
  condition: 'general',
  color: 'general',
  mpn: 'general',
  memory: 'performance',
  capacity: 'performance',
  cpu: 'performance',
  processor: 'performance',
  screen_size: 'display',
  resolution: 'display',
  connectivity: 'connectivity',
};

export const SPEC_GROUPS: readonly SpecGroup[] = [
  'general',
  'performance',
  'display',
  'connectivity',
  'other',
];

/** Units of free-text numeric attributes (a select option's label carries its own). */
const UNIT_OF: Record<string, string> = { weight: 'kg', battery_capacity: 'mAh', refresh_rate: 'Hz' };

export interface SpecRow {
  code: string;
  label: string;
  value: string;
}

function valueText(attr: SpecAttribute, raw: unknown, decimalComma: boolean): string | null {
  if (raw === null || raw === undefined || raw === '') return null;
  const values = Array.isArray(raw) ? raw : String(raw).split(',');
  if (attr.options?.length) {
    const labels = values
      .map((v) => attr.options?.find((o) => String(o.value) === String(v).trim())?.label)
      .filter((l): l is string => Boolean(l));
    return labels.length ? labels.join(', ') : null;
  }
  if (typeof raw === 'object') return null;
  if (attr.frontend_input === 'boolean') return null; // yes/no needs the caller's words; left out
  let text = String(raw).trim();
  if (decimalComma && /^\d+\.\d+$/.test(text)) text = text.replace('.', ',');
  const unit = UNIT_OF[attr.attribute_code];
  return unit && /^\d+([.,]\d+)?$/.test(text) ? `${text} ${unit}` : text;
}

/**
 * Rows by group, groups in SPEC_GROUPS order, rows in the attributes' position order: an attribute
 * is shown when the product (or the chosen variant, which wins) has a value it can name and it is not
 * marked invisible on the front. `decimalComma`: lt and ru write 15,6.
 */
export function specificationGroups(
  product: Record<string, unknown>,
  variant: Record<string, unknown> | null,
  attributes: readonly SpecAttribute[],
  decimalComma: boolean,
): { group: SpecGroup; rows: SpecRow[] }[] {
  const sorted = [...attributes].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  const groups = new Map<SpecGroup, SpecRow[]>();
  for (const attr of sorted) {
    if (attr.is_visible_on_front === false) continue;
    const code = attr.attribute_code;
    const raw = variant?.[code] ?? product[code];
    const value = valueText(attr, raw, decimalComma);
    if (value === null) continue;
    const group = GROUP_OF[code] ?? 'other';
    const list = groups.get(group) ?? [];
    list.push({ code, label: attr.frontend_label || code, value });
    groups.set(group, list);
  }
  return SPEC_GROUPS.filter((g) => groups.has(g)).map((g) => ({ group: g, rows: groups.get(g) ?? [] }));
}
