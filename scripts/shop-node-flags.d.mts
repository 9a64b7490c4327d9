/** The Node flags of the shop process (scripts/shop-node-flags.mjs says which and why). */
export function shopNodeFlags(nodeOptions: string | undefined): string[];
