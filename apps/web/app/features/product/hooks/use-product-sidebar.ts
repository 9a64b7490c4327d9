import { ui, useUi } from '../../../state/ui';

/**
 * The product sidebar (accounts-checkout-routes.md §2 "Overlays": one of the five that turn the
 * backdrop on, state/ui.ts `productSidebar`): the product's specifications and description in a
 * side panel, opened from beside the buy box (on a phone they are far below it).
 */
export function useProductSidebar() {
  const open = useUi((s) => s.productSidebar);
  return {
    open,
    show,
    close,
  };
}

// the same functions at every render: the button beside the buy box keeps its props across a grade
const show = () => ui.open('productSidebar');
const close = () => ui.close('productSidebar');
