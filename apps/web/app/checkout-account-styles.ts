import href from './checkout-account.css?url';

/**
 * The `links` of the checkout, order-completed and account pages: their own stylesheet
 * (checkout-account.css), render-blocking on those pages only, loaded before a client-side
 * navigation shows one of them.
 */
export const checkoutAccountLinks = () => [{ rel: 'stylesheet', href }];
