/**
 * The statements parsed once per connection (PREPARED), on PostgreSQL (client.ts, pg-prepared.ts) and
 * on the embedded database (pglite-prepared.ts, in the process or in its thread). Kept apart from
 * client.ts so that the embedded database's thread can use it without the pg client.
 */

/**
 * Ends a statement the shop sends on every request (a cart's read, a line's write, an order's
 * INSERT): a named prepared statement, parsed once per connection instead of on every call (on
 * PostgreSQL and on the embedded database). Only for fixed texts: each text marked is kept, with its
 * parse tree, on every connection.
 */
export const PREPARED = '/* prepared */';

/** at most this many texts are prepared (a marked text built per call would otherwise fill the server's memory) */
export const MAX_PREPARED = 64;

/**
 * The name of each marked text, or undefined when the text is not marked or the names ran out;
 * `vitrina_1`, `vitrina_2`, ... in the order first seen.
 */
export function preparedNames(): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    if (!text.endsWith(PREPARED)) return undefined;
    let name = names.get(text);
    if (name === undefined) {
      if (names.size >= MAX_PREPARED) return undefined;
      names.set(text, (name = `vitrina_${names.size + 1}`));
    }
    return name;
  };
}
