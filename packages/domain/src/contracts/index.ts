// One typed contract: the API's answers as zod schemas, types inferred from them.
// The request bodies' contracts are the routes' own input schemas (../schemas.ts: orderCreateSchema,
// addressFieldsSchema, profileUpdateSchema, …); a client's body types are their inputs (OrderCreateBody, AddressBody).
export * from './money-answers.ts';
export * from './order-answers.ts';
export * from './cart-line.ts';
export * from './user-answers.ts';
export * from './catalog-documents.ts';
export * from './search-answers.ts';
export * from './shop-answers.ts';
export * from './account-answers.ts';
export * from './import-file.ts';
