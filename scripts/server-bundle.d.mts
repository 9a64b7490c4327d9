/** The shop server as one ES module (scripts/server-bundle.mjs says what and why). */
export const SERVER_BUNDLE: string;
export function serverBundleIsStale(): boolean;
export function buildServerBundle(): Promise<string>;
/** the bundle's path, built first when it is missing or older than its sources */
export function serverBundle(): Promise<string>;
