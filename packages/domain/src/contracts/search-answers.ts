/**
 * The catalogue search's answer (`catalog/{index}/{type}/_search`, catalogue-and-cart.md §3 "Search
 * response"): the hits with their documents, the aggregations' buckets and, for a
 * product search with aggregations, the labels of the aggregated attributes. Also the small entity
 * documents it finds: attributes and CMS pages and blocks (apps/api catalog/entities.ts, cms/service.ts).
 * The product and category documents are in catalog-documents.ts.
 */
import { z } from 'zod';

/** one label of an attribute option, in the store view's language */
const attributeOptionContract = z.strictObject({
  value: z.union([z.number(), z.string()]),
  label: z.string(),
});

/** the labels of an aggregated attribute and of its options (the search answer's `attribute_metadata`) */
export const attributeMetadataContract = z.strictObject({
  attribute_id: z.number().int(),
  attribute_code: z.string(),
  frontend_label: z.string(),
  options: z.array(attributeOptionContract),
});
export type AttributeMetadataAnswer = z.infer<typeof attributeMetadataContract>;

/** an aggregation's bucket: a value and how many documents have it */
export const bucketContract = z.strictObject({
  key: z.union([z.string(), z.number()]),
  doc_count: z.number().int(),
});
export type BucketAnswer = z.infer<typeof bucketContract>;

/** a hit of the search: the document (its id as text) and its score */
export function searchHitContract<T extends z.ZodType>(source: T) {
  return z.strictObject({ _id: z.string(), _score: z.number(), _source: source });
}

/** the search answer whose hits carry `source` documents */
export function searchAnswerContract<T extends z.ZodType>(source: T) {
  return z.strictObject({
    took: z.number(),
    timed_out: z.literal(false),
    hits: z.strictObject({
      total: z.strictObject({ value: z.number().int(), relation: z.literal('eq') }),
      max_score: z.number().nullable(),
      hits: z.array(searchHitContract(source)),
    }),
    aggregations: z.record(z.string(), z.strictObject({ buckets: z.array(bucketContract) })),
    /** a product search with aggregations: the labels of the aggregated attributes */
    attribute_metadata: z.array(attributeMetadataContract).optional(),
  });
}
type AnyAnswer = z.infer<ReturnType<typeof searchAnswerContract<z.ZodUnknown>>>;
type AnyHit = AnyAnswer['hits']['hits'][number];
export type SearchHitAnswer<T> = Omit<AnyHit, '_source'> & { _source: T };
export type SearchAnswer<T> = Omit<AnyAnswer, 'hits'> & {
  hits: Omit<AnyAnswer['hits'], 'hits'> & { hits: SearchHitAnswer<T>[] };
};

/** an attribute (`attribute/_search`): its label and its options' labels in the store view's language */
export const attributeDocumentContract = z.strictObject({
  id: z.number().int(),
  attribute_id: z.number().int(),
  attribute_code: z.string(),
  frontend_label: z.string(),
  /** the English label (the compare page's and filters' fallback) */
  default_frontend_label: z.string(),
  frontend_input: z.string(),
  is_comparable: z.boolean(),
  is_filterable: z.boolean(),
  is_visible_on_front: z.boolean(),
  is_user_defined: z.boolean(),
  position: z.number().int(),
  options: z.array(attributeOptionContract),
});
export type AttributeDocument = z.infer<typeof attributeDocumentContract>;

/** a CMS page (`cms_page/_search`, the URL map): its texts in the store view's language */
export const cmsPageDocumentContract = z.strictObject({
  id: z.number().int(),
  page_id: z.number().int(),
  identifier: z.string(),
  /** the page's slug in this store view (`/i/{slug}`; its identifier when it has none) */
  slug: z.string(),
  url_path: z.string(),
  title: z.string(),
  meta_title: z.string(),
  content: z.string(),
  meta_description: z.string().nullable(),
  active: z.boolean(),
  enabled: z.boolean(),
  is_active: z.boolean(),
  store_code: z.string(),
  updated_at: z.string(),
});
export type CmsPageDocument = z.infer<typeof cmsPageDocumentContract>;

/** a CMS block (`cms_block/_search`): a piece of the shop's own HTML */
export const cmsBlockDocumentContract = z.strictObject({
  id: z.number().int(),
  block_id: z.number().int(),
  identifier: z.string(),
  title: z.string(),
  content: z.string(),
  active: z.boolean(),
  enabled: z.boolean(),
  is_active: z.boolean(),
});
export type CmsBlockDocument = z.infer<typeof cmsBlockDocumentContract>;
