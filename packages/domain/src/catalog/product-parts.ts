/**
 * Rules of a product's parts written in the back office, beside the import file's schema (which
 * checks each record's shape): a configurable product's new child names a value of every option the
 * product is configured by, from that attribute's values, and no other child has the same values; a
 * grouped product's links and a bundle's selections name existing simple (or virtual) products, not
 * the product itself, each once. Each problem names its field and a message key of the API's
 * dictionary (lt/en).
 */

export type PartProblem = { field: string; key: string; params?: Record<string, string | number> };

export type ChildOptionSpec = { attribute_code: string; label?: string | undefined };
export type ChildOptions = Record<string, number | string | null | undefined>;

/** the values of `options` a child has, as one comparable key */
const comboKey = (options: readonly ChildOptionSpec[], child: ChildOptions) =>
  JSON.stringify(options.map((o) => String(child[o.attribute_code] ?? '')));

/**
 * A new child of a configurable product: a value for every option (one of `allowed[code]`, the
 * attribute's values), and a combination no existing child has.
 */
export function newChildProblems(
  options: readonly ChildOptionSpec[],
  allowed: Readonly<Record<string, readonly number[]>>,
  existing: readonly (ChildOptions & { sku: string })[],
  child: ChildOptions,
): PartProblem[] {
  const problems: PartProblem[] = [];
  for (const o of options) {
    const value = child[o.attribute_code];
    const label = o.label || o.attribute_code;
    if (value === undefined || value === null || value === '')
      problems.push({
        field: `options.${o.attribute_code}`,
        key: 'catalog.childOptionMissing',
        params: { option: label },
      });
    else if (allowed[o.attribute_code] && !allowed[o.attribute_code]!.includes(Number(value)))
      problems.push({
        field: `options.${o.attribute_code}`,
        key: 'catalog.childOptionUnknown',
        params: { option: label },
      });
  }
  if (problems.length || options.length === 0) return problems;
  const key = comboKey(options, child);
  const twin = existing.find((c) => comboKey(options, c) === key);
  if (twin) problems.push({ field: 'options', key: 'catalog.childDuplicate', params: { sku: twin.sku } });
  return problems;
}

/** the product types a grouped product's link or a bundle's selection may name */
export const LINKABLE_TYPES: readonly string[] = ['simple', 'virtual'];

/**
 * Linked skus (`field` prefix per link, e.g. `product_links.2.linked_product_sku`): each exists
 * (`typeOf` answers its type, undefined when there is none), is simple or virtual, is not the
 * product, and appears once within its group (`group`: the option of a bundle, one for grouped).
 */
export function linkProblems(
  productSku: string,
  links: readonly { field: string; sku: string; group: string | number }[],
  typeOf: (sku: string) => string | undefined,
): PartProblem[] {
  const problems: PartProblem[] = [];
  const seen = new Set<string>();
  for (const l of links) {
    const type = typeOf(l.sku);
    if (l.sku === productSku) problems.push({ field: l.field, key: 'catalog.linkSelf' });
    else if (type === undefined)
      problems.push({ field: l.field, key: 'catalog.linkUnknownSku', params: { sku: l.sku } });
    else if (!LINKABLE_TYPES.includes(type))
      problems.push({ field: l.field, key: 'catalog.linkNotSimple', params: { sku: l.sku, type } });
    const key = `${l.group}\u0000${l.sku}`;
    if (seen.has(key)) problems.push({ field: l.field, key: 'catalog.linkTwice', params: { sku: l.sku } });
    seen.add(key);
  }
  return problems;
}
