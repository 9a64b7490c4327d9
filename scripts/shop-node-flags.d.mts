/** The Node flags and environment of the shop process (scripts/shop-node-flags.mjs says which and why). */
export function shopNodeFlags(nodeOptions: string | undefined): string[];
export function shopEnv(env: NodeJS.ProcessEnv): Record<string, string>;
