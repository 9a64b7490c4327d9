import { Suspense, lazy } from 'react';

/** The form is code-split: only an out-of-stock product page loads it (and the account strings). */
const StockAlertForm = lazy(() => import('./StockAlertForm').then((m) => ({ default: m.StockAlertForm })));

/** "Notify me when it is back in stock" for an out-of-stock sku; nothing while it is in stock. */
export function StockAlert({ sku, inStock }: { sku: string; inStock: boolean }) {
  if (inStock) return null;
  return (
    <Suspense fallback={null}>
      <StockAlertForm key={sku} sku={sku} />
    </Suspense>
  );
}
