/**
 * The shop's `Link` wrapped to count its renders, for tests of what a change renders again:
 *
 *   vi.mock('../app/lib/link', async (orig) =>
 *     (await import('./support/counted-link')).countingLinks(await orig()),
 *   );
 *
 * and `linkRenders.count` read (and reset in `beforeEach`) by the test.
 */
import { forwardRef, type ComponentProps } from 'react';
import type * as LinkModule from '../../app/lib/link';

export const linkRenders = { count: 0 };

/** the link module with its `Link` counting every render in `linkRenders` */
export function countingLinks(m: typeof LinkModule): typeof LinkModule {
  const Original = m.Link;
  const Link = forwardRef<HTMLAnchorElement, ComponentProps<typeof Original>>(function Counted(props, ref) {
    linkRenders.count++;
    return <Original ref={ref} {...props} />;
  });
  return { ...m, Link } as typeof LinkModule;
}
