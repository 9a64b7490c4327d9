/**
 * The product page under a router stub at `at`, its loader answering `data` (hydrated with it, as the
 * server's page is), for component tests of the page as a shopper opens it.
 */
import type { ComponentType } from 'react';
import { createRoutesStub } from 'react-router';
import ProductPage from '../../app/routes/product';

export function productRoute(data: unknown, at: string) {
  const Stub = createRoutesStub([
    {
      id: 'product',
      path: '/en/p/:parentSku/:slug/:childSku?',
      Component: ProductPage as unknown as ComponentType,
      loader: () => data,
    },
  ]);
  return <Stub initialEntries={[at]} hydrationData={{ loaderData: { product: data } }} />;
}
