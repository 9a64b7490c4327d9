/** The back office's kinds of content, as the API's paths name them (`/vsbridge/staff/content/{kind}`). */
export const CONTENT_KINDS = ['pages', 'blocks', 'news'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** the kind a path names; anything else is a 404 page */
export function contentKindOf(value: string | undefined): ContentKind {
  const kind = CONTENT_KINDS.find((k) => k === value);
  if (!kind) throw new Response('Not found', { status: 404 });
  return kind;
}
