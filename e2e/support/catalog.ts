/**
 * Products of the running shop's catalogue picked by what a journey needs, read from its catalogue
 * search (`/vsbridge/catalog/.../_search`) rather than from where a listing happens to put them.
 */
import {
  displayVariant,
  gradeKeyOf,
  type ConfigurableChild,
  type ConfigurableOption,
  type GradeKey,
} from '@vitrina/domain';

export type CatalogueDoc = {
  sku: string;
  slug: string;
  name: string;
  configurable_options: ConfigurableOption[];
  configurable_children: (ConfigurableChild & { final_price_incl_tax: number; condition?: number })[];
};

/**
 * The first configurable whose shown child (the domain's choice: the page opens on it) has a grade
 * that `wanted` accepts; throws when the catalogue has none.
 */
export async function gradedProduct(
  shopUrl: string,
  wanted: (grade: GradeKey) => boolean,
): Promise<{ doc: CatalogueDoc; grade: GradeKey }> {
  const q = encodeURIComponent(JSON.stringify({ filters: { type_id: 'configurable' } }));
  const res = await fetch(
    `${shopUrl}/vsbridge/catalog/vue_storefront_catalog_en/product/_search?request=${q}&size=200`,
  );
  const docs = ((await res.json()) as { hits: { hits: { _source: CatalogueDoc }[] } }).hits.hits.map(
    (h) => h._source,
  );
  for (const doc of docs) {
    const shown = displayVariant(doc.configurable_children);
    const option = doc.configurable_options.find((o) => o.attribute_code === 'condition');
    const label = option?.values.find((v) => String(v.value_index) === String(shown?.condition))?.label;
    const grade = gradeKeyOf(label);
    if (shown && grade && wanted(grade)) return { doc, grade };
  }
  throw new Error('no configurable product of the wanted grade in the demo catalogue');
}
