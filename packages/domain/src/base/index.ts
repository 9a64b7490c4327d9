// The floor every room stands on: the store views, the business constants, dates in the shop's time
// zone and stable hashing. It imports no room.
export * from './store-views.ts';
export * from './constants.ts';
export * from './dates.ts';
export * from './hash.ts';
