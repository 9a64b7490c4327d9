/**
 * The back office's attributes under `/vsbridge/staff/attributes` (area `products`: roles `catalog`
 * and `admin`; 401 without a staff session, 403 for another role): the list, an attribute's form,
 * create, edit (labels per store view, filterable, comparable, position, its values), delete.
 *
 * A value's `value` is what products store (`{ color: 49 }`): the server chooses it for a new value
 * (the attribute's next free number) and never changes it; a save lists the values to keep, in the
 * order wanted, and a stored value left out is removed, refused (409, with the number of products)
 * while any product, parent or child, uses it. An attribute is deleted only when no product uses it.
 *
 * Every write is one transaction with its audit row and the catalogue version bump; catalogChanged()
 * makes this process forget the attribute documents (the category page's filters and their labels,
 * the product page's facts, the comparison table), other processes within CATALOG_VERSION_TTL_MS.
 * Product documents carry an attribute's labels only as a configurable's options and as the
 * condition grade's label (packages/db indexer.ts): a label change re-indexes those products, and
 * nothing else does (flags, positions, a value added or removed unused are read from the attribute
 * documents).
 */
import { bumpCatalogVersion, reindexProducts, type Executor } from '@vitrina/db';
import { importAttributeSchema, STORE_CODES, type StoreCode } from '@vitrina/domain';
import { z } from 'zod';
import { ApiError } from '../http/errors.ts';
import { recordFieldErrors } from '../http/record-errors.ts';
import { audit, type StaffActor } from '../staff/audit.ts';
import type { Database } from '@vitrina/db';
import type { CatalogService } from './service.ts';

type Localized = Partial<Record<StoreCode, string>>;
type StoredText = Localized | string;

/** the inputs the storefront renders: a select's value by its option's label, a text as written */
export const ATTRIBUTE_INPUTS = ['select', 'text'] as const;
export const ATTRIBUTE_CODE = /^[a-z][a-z0-9_]*$/;

export type AttributeRow = {
  attribute_id: number;
  attribute_code: string;
  frontend_label: StoredText;
  frontend_input: string;
  is_comparable: boolean;
  is_filterable: boolean;
  position: number;
  options: { value: number; label: StoredText }[];
};

const label = z.strictObject({
  lt: z.string().max(255).optional(),
  en: z.string().max(255).optional(),
  ru: z.string().max(255).optional(),
});
const whole = z.union([z.number(), z.string()]);

/** the form's fields; each optional on an edit (an absent one keeps the stored value) */
export const attributeSaveBody = z.object({
  attribute: z.strictObject({
    /** a new attribute's only: lower-case letters, digits and _ */
    attribute_code: z.string().max(64).optional(),
    /** a new attribute's only */
    frontend_input: z.string().max(32).optional(),
    frontend_label: label.optional(),
    is_filterable: z.boolean().optional(),
    is_comparable: z.boolean().optional(),
    position: whole.optional(),
    /**
     * the values to keep, in the order wanted: a stored one by its `value`, a new one without
     * (the server numbers it); a stored value left out is removed
     */
    options: z
      .array(z.strictObject({ value: z.number().int().positive().nullable().optional(), label }))
      .max(2000)
      .optional(),
  }),
});
type SaveBody = z.output<typeof attributeSaveBody>;

const SELECT =
  'SELECT attribute_id, attribute_code, frontend_label, frontend_input, is_comparable, is_filterable, position, options FROM attributes';

const invalid = (field: string, key: string, params?: Record<string, string | number>) =>
  new ApiError(400, 'validation.invalid', undefined, [{ field, key, ...(params ? { params } : {}) }]);

/** a stored text as the form's three fields (one string: the Lithuanian, the others fall back to it) */
const asFields = (t: StoredText | null | undefined): Localized =>
  !t ? {} : typeof t === 'string' ? { lt: t } : t;

/** the typed texts, trimmed; the empty ones left out (the storefront falls back to Lithuanian) */
function typed(given: Localized | undefined, stored: StoredText | undefined): Localized {
  const out: Localized = {};
  const base = asFields(stored);
  for (const s of STORE_CODES) {
    const text = given?.[s] === undefined ? base[s] : given[s].trim();
    if (text) out[s] = text;
  }
  return out;
}

const sameText = (a: StoredText, b: StoredText) =>
  STORE_CODES.every((s) => (asFields(a)[s] ?? '') === (asFields(b)[s] ?? ''));

/** products (parents and children) that use an attribute: a value of their own, or a configurable's option */
const USES = `
  SELECT id, attributes->>$1 AS v FROM products WHERE attributes ? $1
  UNION ALL
  SELECT p.id, val->>'value_index' FROM products p
    CROSS JOIN LATERAL jsonb_array_elements(p.configurable_options) o
    CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(o->'values') = 'array' THEN o->'values' ELSE '[]'::jsonb END) val
    WHERE o->>'attribute_code' = $1
  UNION ALL
  SELECT p.id, NULL FROM products p WHERE p.configurable_options @> jsonb_build_array(jsonb_build_object('attribute_code', $1::text))`;

async function usage(q: Executor, code: string): Promise<{ products: number; byValue: Map<string, number> }> {
  const rows = await q.query<{ v: string | null; n: number }>(
    `SELECT v, count(DISTINCT id)::int AS n FROM (${USES}) u WHERE v IS NOT NULL GROUP BY v`,
    [code],
  );
  const [total] = await q.query<{ n: number }>(`SELECT count(DISTINCT id)::int AS n FROM (${USES}) u`, [
    code,
  ]);
  return { products: total?.n ?? 0, byValue: new Map(rows.map((r) => [String(r.v), r.n])) };
}

/**
 * The products whose documents carry a label that changed ($1 the code, $2 the attribute's label
 * changed, $3 the relabelled values as text): the attribute's label is in the documents of the
 * configurables it is an option of; a value's label in those whose options offer it (listed, or a
 * variant's) and, for the condition grade, in the documents of the products of that grade
 * (`condition_label`) and of their parents (`price_condition_label`). The re-index adds each
 * product's parent and the sets and bundles that show it.
 */
const labelledDocuments = `
  SELECT id FROM products
    WHERE $2 AND configurable_options @> jsonb_build_array(jsonb_build_object('attribute_code', $1::text))
  UNION
  SELECT p.id FROM products p
    CROSS JOIN LATERAL jsonb_array_elements(p.configurable_options) o
    CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(o->'values') = 'array' THEN o->'values' ELSE '[]'::jsonb END) val
    WHERE o->>'attribute_code' = $1 AND val->>'value_index' = ANY($3::text[])
  UNION
  SELECT c.parent_id FROM products c JOIN products p ON p.id = c.parent_id
    WHERE c.attributes->>$1 = ANY($3::text[])
      AND p.configurable_options @> jsonb_build_array(jsonb_build_object('attribute_code', $1::text))
  UNION
  SELECT id FROM products WHERE $1 = 'condition' AND attributes->>$1 = ANY($3::text[])`;

export class AttributeAdmin {
  constructor(
    private readonly database: Database,
    private readonly catalog: CatalogService,
  ) {}

  /** every attribute by position, with its number of values and of products using it */
  async list() {
    const rows = await this.database.query<AttributeRow & { products: number }>(
      `SELECT a.attribute_id, a.attribute_code, a.frontend_label, a.frontend_input, a.is_comparable,
              a.is_filterable, a.position, a.options,
              (SELECT count(*)::int FROM products p
                WHERE p.attributes ? a.attribute_code
                   OR p.configurable_options @> jsonb_build_array(jsonb_build_object('attribute_code', a.attribute_code))) AS products
       FROM attributes a ORDER BY a.position, a.attribute_id`,
    );
    return {
      items: rows.map(({ options, ...a }) => ({
        ...a,
        frontend_label: asFields(a.frontend_label),
        values: (options ?? []).length,
      })),
    };
  }

  /** an attribute's form: its labels and flags, its values each with the number of products using it */
  async get(id: number) {
    const [row] = await this.database.query<AttributeRow>(`${SELECT} WHERE attribute_id = $1`, [id]);
    if (!row) return null;
    const used = await usage(this.database, row.attribute_code);
    return {
      ...row,
      frontend_label: asFields(row.frontend_label),
      options: (row.options ?? []).map((o) => ({
        value: o.value,
        label: asFields(o.label),
        products: used.byValue.get(String(o.value)) ?? 0,
      })),
      products: used.products,
    };
  }

  /**
   * Creates (`id` null) or changes an attribute; answers its form. 404 unknown attribute, 400
   * invalid fields (named), 409 a code another attribute has, or a used value left out.
   */
  async save(actor: StaffActor, id: number | null, body: SaveBody, store: StoreCode) {
    const f = body.attribute;
    const savedId = await this.database.transaction(async (tx) => {
      const [current] =
        id === null ? [] : await tx.query<AttributeRow>(`${SELECT} WHERE attribute_id = $1 FOR UPDATE`, [id]);
      if (id !== null && !current) throw new ApiError(404, 'error.notFound');

      // code and input: a new attribute's; products store values under the code, so it never changes
      let code = current?.attribute_code ?? '';
      let input = current?.frontend_input ?? 'select';
      if (!current) {
        code = (f.attribute_code ?? '').trim();
        if (!code) throw invalid('attribute_code', 'validation.required');
        if (!ATTRIBUTE_CODE.test(code) || code.length > 64) throw invalid('attribute_code', 'attribute.code');
        input = (f.frontend_input ?? 'select').trim();
        if (!(ATTRIBUTE_INPUTS as readonly string[]).includes(input))
          throw invalid('frontend_input', 'attribute.input', { inputs: ATTRIBUTE_INPUTS.join(', ') });
        const [taken] = await tx.query<{ attribute_id: number }>(
          'SELECT attribute_id FROM attributes WHERE attribute_code = $1',
          [code],
        );
        if (taken)
          throw new ApiError(409, 'attribute.codeTaken', { code, id: taken.attribute_id }, [
            { field: 'attribute_code', key: 'attribute.codeTaken', params: { code, id: taken.attribute_id } },
          ]);
      } else {
        if (f.attribute_code !== undefined && f.attribute_code.trim() !== current.attribute_code)
          throw invalid('attribute_code', 'attribute.codeFixed');
        if (f.frontend_input !== undefined && f.frontend_input.trim() !== current.frontend_input)
          throw invalid('frontend_input', 'attribute.inputFixed');
      }

      const frontendLabel = typed(f.frontend_label, current?.frontend_label);
      if (!frontendLabel.lt) throw invalid('frontend_label.lt', 'validation.required');

      let position = current?.position ?? 0;
      if (f.position !== undefined) {
        const p =
          typeof f.position === 'number' ? f.position : f.position.trim() === '' ? NaN : Number(f.position);
        if (!Number.isInteger(p) || p < 0 || p > 1_000_000) throw invalid('position', 'attribute.position');
        position = p;
      }

      // the values: the stored ones kept by value, new ones numbered after the highest ever stored here
      const stored = current?.options ?? [];
      const storedBy = new Map(stored.map((o) => [o.value, o]));
      let next = Math.max(0, ...stored.map((o) => o.value)) + 1;
      const options: { value: number; label: Localized }[] = [];
      const added: number[] = [];
      const relabelled: number[] = [];
      if (f.options !== undefined && input !== 'select' && f.options.length > 0)
        throw invalid('options', 'attribute.textHasNoValues');
      const given = f.options ?? stored.map((o) => ({ value: o.value, label: undefined }));
      const seen = new Set<number>();
      given.forEach((o, i) => {
        const old = o.value == null ? undefined : storedBy.get(o.value);
        if (o.value != null && !old)
          throw invalid(`options.${i}.value`, 'attribute.unknownValue', { value: o.value });
        if (o.value != null && seen.has(o.value))
          throw invalid(`options.${i}.value`, 'attribute.valueTwice', { value: o.value });
        const text = typed(o.label, old?.label);
        if (!text.lt) throw invalid(`options.${i}.label.lt`, 'validation.required');
        const value = old ? old.value : next++;
        seen.add(value);
        if (!old) added.push(value);
        else if (!sameText(old.label, text)) relabelled.push(value);
        options.push({ value, label: text });
      });
      const removed = stored.filter((o) => !seen.has(o.value));
      if (removed.length) {
        const used = await usage(tx, code);
        for (const r of removed) {
          const n = used.byValue.get(String(r.value)) ?? 0;
          if (n > 0) {
            const params = { label: asFields(r.label)[store] || asFields(r.label).lt || String(r.value), n };
            throw new ApiError(409, 'attribute.valueUsed', params, [
              { field: 'options', key: 'attribute.valueUsed', params },
            ]);
          }
        }
      }

      const record = {
        attribute_id: current?.attribute_id ?? 0,
        attribute_code: code,
        frontend_label: frontendLabel,
        frontend_input: input,
        is_comparable: f.is_comparable ?? current?.is_comparable ?? false,
        is_filterable: f.is_filterable ?? current?.is_filterable ?? false,
        position,
        options,
      };
      if (!current) {
        const [max] = await tx.query<{ id: number }>(
          'SELECT coalesce(max(attribute_id), 0)::int AS id FROM attributes',
        );
        record.attribute_id = (max?.id ?? 0) + 1;
      }
      // the import file's rule for an attribute, whoever writes it
      const parsed = importAttributeSchema.safeParse(record);
      if (!parsed.success) throw recordFieldErrors(parsed.error.issues, store, '(attribute)');

      await tx.query(
        `INSERT INTO attributes (attribute_id, attribute_code, frontend_label, frontend_input, is_comparable, is_filterable, position, options)
         VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7, $8::jsonb)
         ON CONFLICT (attribute_id) DO UPDATE SET frontend_label = excluded.frontend_label,
           is_comparable = excluded.is_comparable, is_filterable = excluded.is_filterable,
           position = excluded.position, options = excluded.options`,
        [
          record.attribute_id,
          code,
          JSON.stringify(frontendLabel),
          input,
          record.is_comparable,
          record.is_filterable,
          position,
          JSON.stringify(options),
        ],
      );

      // the product documents that carry a changed label (packages/db indexer.ts), and no others
      const labelChanged = current ? !sameText(current.frontend_label, frontendLabel) : false;
      let reindexed = 0;
      if (current && (labelChanged || relabelled.length > 0)) {
        const ids = await tx.query<{ id: number }>(labelledDocuments, [
          code,
          labelChanged,
          relabelled.map(String),
        ]);
        if (ids.length)
          reindexed = (await reindexProducts(tx, { productIds: ids.map((r) => r.id) })).products;
      }
      await bumpCatalogVersion(tx);
      await audit(tx, actor, current ? 'attribute.update' : 'attribute.create', `attribute:${code}`, {
        fields: Object.keys(f).sort(),
        ...(added.length ? { values_added: added } : {}),
        ...(removed.length ? { values_removed: removed.map((r) => r.value) } : {}),
        ...(relabelled.length ? { values_relabelled: relabelled } : {}),
        ...(reindexed ? { reindexed } : {}),
      });
      return record.attribute_id;
    });
    // this process's attribute documents and catalogue answers forget the old version at once
    this.catalog.catalogChanged();
    return (await this.get(savedId))!;
  }

  /** deletes an attribute no product uses: 404 unknown, 409 with the number of products using it */
  async remove(actor: StaffActor, id: number) {
    await this.database.transaction(async (tx) => {
      const [current] = await tx.query<AttributeRow>(`${SELECT} WHERE attribute_id = $1 FOR UPDATE`, [id]);
      if (!current) throw new ApiError(404, 'error.notFound');
      const used = await usage(tx, current.attribute_code);
      if (used.products > 0)
        throw new ApiError(409, 'attribute.used', { code: current.attribute_code, n: used.products });
      await tx.query('DELETE FROM attributes WHERE attribute_id = $1', [id]);
      await bumpCatalogVersion(tx);
      await audit(tx, actor, 'attribute.delete', `attribute:${current.attribute_code}`, {
        values: (current.options ?? []).length,
      });
    });
    this.catalog.catalogChanged();
    return { deleted: id };
  }
}
