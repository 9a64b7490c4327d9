/** A table that may scroll sideways on a narrow screen: a labelled region reachable by keyboard (axe scrollable-region-focusable). */
import type { ReactNode } from 'react';

export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="admin-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
