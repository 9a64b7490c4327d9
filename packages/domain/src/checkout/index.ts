// The checkout: address and field rules, delivery methods and their estimates, the offline estimate
// and the input schemas of the calls (schemas.ts).
export * from './validation.ts';
export * from './schemas.ts';
export * from './postcode-formats.ts';
export * from './delivery-estimate.ts';
export * from './delivery.ts';
export * from './address-rules.ts';
export * from './offline-estimate.ts';
