import type { ReactNode } from 'react';

/** A small pill: neutral, or `sale` (accent), `new` (brand), `info` (muted), `demo` (demo content). */
export function Badge({
  tone = 'neutral',
  children,
}: {
  tone?: 'neutral' | 'sale' | 'new' | 'info' | 'demo';
  children: ReactNode;
}) {
  return <span className={tone === 'neutral' ? 'badge' : `badge badge-${tone}`}>{children}</span>;
}
