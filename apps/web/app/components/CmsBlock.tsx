import type { ReactNode } from 'react';

/**
 * A CMS block's HTML (the shop's own content, written by its staff in the admin like CMS pages,
 * which are shown the same way). Without the block, the fallback.
 */
export function CmsBlock({
  html,
  fallback = null,
  className,
}: {
  html: string | null | undefined;
  fallback?: ReactNode;
  className?: string;
}) {
  if (!html) return <>{fallback}</>;
  return (
    <div
      className={className ? `cms-block ${className}` : 'cms-block'}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
