import { useRootData } from '../../lib/router';
import type { MenuItem } from './menu';

/**
 * The root loader's category menu; none outside the app's data router (a component test's plain
 * router, where React Router's hook throws instead of answering) or when the root has no data.
 */
export function useRootMenu(): MenuItem[] {
  try {
    const root = useRootData<{ menu?: MenuItem[] }>();
    return root?.menu ?? [];
  } catch {
    return [];
  }
}
