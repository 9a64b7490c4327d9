import { useRootData } from '../lib/router';

/**
 * The CMS blocks every page may show, loaded once with the root route's data:
 * `footer-terms` (the footer's shop terms) and `newsletter-offer` (beside the subscribe forms).
 * The product page loads `condition-grades` itself. Read by components (the footer, the popup) and
 * the newsletter page, so it sits with them; the root loader asks for LAYOUT_BLOCKS.
 */
export const LAYOUT_BLOCKS = ['footer-terms', 'newsletter-offer'] as const;
export type LayoutBlock = (typeof LAYOUT_BLOCKS)[number];

/** A layout block's HTML, or null when the shop has none (the caller shows its fallback). */
export function useCmsBlock(identifier: LayoutBlock): string | null {
  const root = useRootData<{ blocks?: Partial<Record<string, string>> }>();
  return root?.blocks?.[identifier] ?? null;
}
