// One typed contract (issue #17 item 1): the API's answers as zod schemas, types inferred from them.
export * from './money-answers.ts';
export * from './order-answers.ts';
export * from './cart-line.ts';
export * from './user-answers.ts';
export * from './catalog-documents.ts';
export * from './search-answers.ts';
export * from './shop-answers.ts';
export * from './account-answers.ts';
export * from './import-file.ts';
