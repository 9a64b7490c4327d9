// @vitrina/domain: the spec's rules as pure functions (no I/O; runs in Node and the browser) and the
// input schemas shared by the API and the storefront. See DESIGN.md "Principles" 1.
// Grouped in rooms (docs/ARCHITECTURE.md "The domain's rooms"), each with its entry point; a room imports
// another only through that entry, and never one above it (packages/domain/test/rooms.test.ts).
export * from './base/index.ts';
export * from './messages/index.ts';
export * from './money/index.ts';
export * from './catalog/index.ts';
export * from './cart/index.ts';
export * from './order/index.ts';
export * from './checkout/index.ts';
export * from './contracts/index.ts';
export * from './shop/index.ts';
