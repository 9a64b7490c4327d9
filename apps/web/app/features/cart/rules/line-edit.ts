import {
  optionValuesWithAvailability,
  selectVariant,
  validateQuantity,
  type FieldError,
} from '@vitrina/domain';
import type { ConfigurableChild, Product } from '../../../lib/types';
import type { CartItem } from '../../../state/cart';

/** The options chosen in the editor, by attribute code. */
export type Selection = Record<string, number>;

/** The editor opens on the line's own choices, matched to the parent's options by attribute id. */
export function initialSelection(parent: Product | null, item: CartItem): Selection {
  const chosen = item.product_option?.extension_attributes?.configurable_item_options ?? [];
  const initial: Selection = {};
  for (const o of parent?.configurable_options ?? []) {
    const c = chosen.find((x) => String(x.option_id) === String(o.attribute_id));
    if (c) initial[o.attribute_code] = Number(c.option_value);
  }
  return initial;
}

/** The parent's options as the editor lists them: a value no child in stock has is disabled. */
export function editorOptions(parent: Product) {
  return (parent.configurable_options ?? []).map((o) => {
    const available = new Map(
      optionValuesWithAvailability(parent, o.attribute_code, {}).map((v) => [v.value_index, v.available]),
    );
    return {
      code: o.attribute_code,
      label: o.label,
      values: o.values.map((v) => ({
        value: v.value_index,
        label: v.label,
        disabled: available.get(v.value_index) === false,
      })),
    };
  });
}

/**
 * What saving the editor does: refused (an invalid quantity, or options no child has), only the
 * quantity changed (the same child), or the line replaced by the child the options choose.
 */
export function editOutcome(
  parent: Product,
  item: CartItem,
  selected: Selection,
  qty: number,
): { error: FieldError } | { child: ConfigurableChild; sameLine: boolean } {
  const check = validateQuantity(qty);
  if (check) return { error: check };
  const pick = selectVariant(parent, selected, { fallbackToDefault: false });
  if (!pick.variant || !pick.exactMatch) return { error: { key: 'variant.noSuchConfiguration' } };
  return { child: pick.variant, sameLine: pick.variant.sku === item.sku };
}

/** The line that replaces `item`: the chosen child, priced and pictured as the child, named as the line. */
export function editedLine(
  parent: Product,
  item: CartItem,
  child: ConfigurableChild,
  selected: Selection,
  qty: number,
): CartItem {
  return {
    sku: child.sku,
    id: child.id,
    qty,
    name: item.name,
    price: child.final_price_incl_tax,
    image: child.image ?? item.image ?? null,
    parentSku: item.parentSku,
    slug: item.slug,
    product_type: 'simple',
    type_id: 'configurable',
    product_option: {
      extension_attributes: {
        configurable_item_options: (parent.configurable_options ?? [])
          .filter((o) => selected[o.attribute_code] != null)
          .map((o) => ({
            // an option without an attribute id (import data lacking it) is named by its code, as the URL
            // map does (url-map-options.ts); the API refuses it with a field error instead of guessing
            option_id: o.attribute_id ?? o.attribute_code,
            option_value: selected[o.attribute_code] as number,
          })),
      },
    },
  };
}
