/** Request schemas of the catalogue routes (the typed search request is the domain's). */
import { z } from 'zod';
import {
  CATEGORY_LIST_SIZE,
  PRODUCT_SEARCH_MAX_SIZE,
  SEARCH_MAX_FROM,
  searchRequestSchema,
  sortSchema,
  storeCodeSchema,
  URL_MAP_OPTION_NAMES,
} from '@vitrina/domain';
import { csvList } from '../http/validation.ts';
import { ENTITY_TYPES } from './entities.ts';

export const SEARCH_TYPES = ['product', 'product_c', 'product_s', ...ENTITY_TYPES] as const;

/** a JSON document carried in a query parameter, then checked by `schema` */
const jsonParam = <S extends z.ZodType>(schema: S) =>
  z
    .string()
    .max(20_000)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Malformed JSON', params: { key: 'validation.invalid' } });
        return z.NEVER;
      }
    })
    .pipe(schema);

const fields = z.union([z.string().max(2000), z.array(z.string().max(200)).max(100)]).optional();

export const searchParams = z.object({
  index: z
    .string()
    .min(1)
    .max(100)
    .describe('catalogue index of a store view, e.g. vue_storefront_catalog_en'),
  type: z.enum(SEARCH_TYPES),
});

export const searchQuery = z.object({
  storeCode: storeCodeSchema.optional(),
  from: z.coerce
    .number()
    .int()
    .max(SEARCH_MAX_FROM)
    .optional()
    .describe(`start; negative becomes 0; at most ${SEARCH_MAX_FROM}`),
  size: z.coerce
    .number()
    .int()
    .max(CATEGORY_LIST_SIZE)
    .optional()
    .describe(
      `page size; 0 or less becomes 50; products at most ${PRODUCT_SEARCH_MAX_SIZE}, categories ${CATEGORY_LIST_SIZE}`,
    ),
  sort: sortSchema.optional().describe('field:asc|desc[,field:dir]'),
  request: jsonParam(searchRequestSchema)
    .optional()
    .describe('URL-encoded JSON: { query?, filters?, aggregations? }'),
  _source_include: fields,
  _source_exclude: fields,
  _source_includes: fields,
  _source_excludes: fields,
  groupToken: z
    .string()
    .max(512)
    .optional()
    .describe('signed group token: product prices at the group tier (GROUP_PRICING)'),
});

/** one document by a key (catalogue-and-cart.md §8 "Other rules": lookups and their refusals) */
export const singleQuery = z.object({
  storeCode: storeCodeSchema.optional(),
  key: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe('the field to look up by, e.g. sku, id, url_path; slug for categories'),
  value: z.string().trim().max(2000).optional(),
  childSku: z
    .string()
    .trim()
    .max(64)
    .optional()
    .describe('a variant of a configurable product: needs parentSku'),
  parentSku: z.string().trim().max(64).optional(),
  _source_include: fields,
  _source_exclude: fields,
});

/** the home page's bestsellers (catalog/bestsellers.ts) */
export const bestsellersQuery = z.object({
  storeCode: storeCodeSchema.optional(),
  size: z.coerce.number().int().min(1).max(50).default(8).describe('how many (the home list holds 8)'),
  exclude: z
    .union([z.string().max(2000), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v.join(',') : v).split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^\d{1,9}$/).transform(Number)).max(100))
    .optional()
    .describe('comma-separated product ids left out (the "New" list)'),
  _source_include: fields,
  _source_exclude: fields,
});

export const renderListQuery = z.object({
  skus: csvList(100).describe('comma-separated skus'),
  currencyCode: z.string().max(3).optional(),
  storeId: z.coerce.number().int().min(1).max(3).optional(),
  storeCode: storeCodeSchema.optional(),
  userGroupId: z.coerce.number().int().optional(),
  token: z.string().max(2048).optional(),
  groupToken: z.string().max(512).optional(),
});

const fieldArray = z
  .union([z.array(z.string().max(200)).max(200), z.string().max(2000)])
  .nullable()
  .optional();

export const urlMapBody = z.object({
  url: z.string().trim().min(1).max(2048),
  includeFields: fieldArray,
  excludeFields: fieldArray,
  // accounts-checkout-routes.md §7: the product options (url-map-options.ts in the domain) and filters.sku
  options: z
    .looseObject(Object.fromEntries(URL_MAP_OPTION_NAMES.map((n) => [n, z.boolean().optional()])))
    .optional(),
  filters: z.looseObject({ sku: z.string().trim().min(1).max(255).optional() }).optional(),
  groupId: z
    .union([z.number(), z.string().max(64)])
    .nullable()
    .optional(),
  groupToken: z.string().max(2048).nullable().optional(),
});
