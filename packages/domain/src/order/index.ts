// The order after it is placed: statuses and their transitions, invoices, refunds, withdrawal after the
// sale, bank-transfer details and the webhook events.
export * from './invoice.ts';
export * from './refunds.ts';
export * from './payments.ts';
export * from './refund-offer.ts';
export * from './vat-breakdown.ts';
export * from './order-lifecycle.ts';
export * from './webhook-events.ts';
export * from './bank-transfer.ts';
export * from './after-sale.ts';
