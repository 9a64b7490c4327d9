/**
 * A statement marked PREPARED on the embedded database: parsed once per PGlite instance (a named
 * prepared statement of its one connection), then only bound and executed.
 *
 * PGlite's `query` sends every statement unnamed: Parse, Describe, Bind, Describe, Execute and Sync,
 * each a separate call into its WebAssembly, the text parsed and analysed again on every call. Here a
 * marked text is parsed once (Parse, Describe and Sync in one call, which also gives the parameters'
 * types and the rows' description), then each call is Bind, Execute and Sync in one call, the rows
 * read with the description kept.
 *
 * Failures: a prepared statement is the session's, not the transaction's (PostgreSQL keeps it through
 * a ROLLBACK), and a text is kept only once its Parse succeeded; a Parse that fails (a transaction
 * already aborted, a wrong text) keeps nothing and is tried again on the next call. A statement the
 * server no longer has or can no longer run as described ("cached plan must not change result type")
 * is forgotten and parsed again, under a new name, on the next call.
 */
import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import { MAX_PREPARED, PREPARED } from './prepared.ts';

type BackendMessage = { name: string };
type ParameterDescription = BackendMessage & { dataTypeIDs: number[] };

interface Statement {
  name: string;
  /** the parameters' types, as the server inferred them: how each value is written */
  paramTypes: number[];
  /** the rows' description (absent for a statement without rows) */
  description: BackendMessage | undefined;
}

/** SQLSTATEs after which a kept statement is parsed again: gone, or its result's type changed */
const STALE = new Set(['26000', '0A000']);

/** the prepared statements of one PGlite instance */
export interface PglitePrepared {
  /**
   * The rows of `text` when it is marked PREPARED (and the instance still has room for it), else
   * undefined: the caller runs it its own way. `inTransaction`: the caller holds PGlite's transaction
   * (only its query lock is taken here, as the transaction's own statements do).
   */
  run<T>(
    text: string,
    params: readonly unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> | undefined;
}

export function pglitePrepared(pglite: PGlite): PglitePrepared {
  const kept = new Map<string, Statement>();
  let named = 0;
  // PGlite's locks (what its own query and transaction take) and its protocol's writer: a PGlite
  // without them (a version that changed) runs every statement its own way, unnamed
  const usable =
    typeof pglite._runExclusiveQuery === 'function' &&
    typeof pglite._runExclusiveTransaction === 'function' &&
    typeof pglite._checkReady === 'function' &&
    typeof pglite.execProtocolStream === 'function' &&
    typeof protocol?.serialize?.close === 'function';

  /**
   * Takes PGlite's transaction lock as its own `query` does, after the same readiness check: the
   * statements a process asks for run in the order it asked, marked or not (a stock read asked after
   * a write must see it; the kept stock rows rely on that order). Taking the lock at once let a marked
   * read overtake an unmarked write asked before it.
   */
  async function outside<T>(fn: () => Promise<T>): Promise<T> {
    await pglite._checkReady();
    return await pglite._runExclusiveTransaction(fn);
  }

  /** an error of the server as PGlite's own query throws it: with the statement and its values */
  const failed = (err: unknown, text: string, params: readonly unknown[]) => {
    if (err && typeof err === 'object') Object.assign(err, { query: text, params });
    return err;
  };

  async function prepare(text: string): Promise<Statement> {
    const name = `vitrina_${++named}`;
    let messages: BackendMessage[];
    try {
      messages = await pglite.execProtocolStream(
        concat([
          protocol.serialize.parse({ name, text }),
          protocol.serialize.describe({ type: 'S', name }),
          protocol.serialize.sync(),
        ]),
        { syncToFs: false },
      );
    } catch (err) {
      await forget(name);
      throw err;
    }
    const params = messages.find((m) => m.name === 'parameterDescription') as
      ParameterDescription | undefined;
    const statement: Statement = {
      name,
      paramTypes: params?.dataTypeIDs ?? [],
      description: messages.find((m) => m.name === 'rowDescription'),
    };
    kept.set(text, statement);
    return statement;
  }

  /** drops a statement on the server (Close is answered in an aborted transaction too) */
  async function forget(name: string) {
    await pglite
      .execProtocolStream(
        concat([protocol.serialize.close({ type: 'S', name }), protocol.serialize.sync()]),
        {
          syncToFs: false,
          throwOnError: false,
        },
      )
      .catch(() => {});
  }

  async function execute<T>(
    text: string,
    params: readonly unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    let statement = kept.get(text);
    try {
      statement ??= await prepare(text);
      const { paramTypes, name } = statement;
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serialize = pglite.serializers[paramTypes[i]!];
        return serialize ? serialize(value) : (value as { toString(): string }).toString();
      });
      let messages: BackendMessage[];
      try {
        messages = await pglite.execProtocolStream(
          concat([
            protocol.serialize.bind({ statement: name, values }),
            protocol.serialize.execute({}),
            protocol.serialize.sync(),
          ]),
          { syncToFs: false },
        );
      } catch (err) {
        if (STALE.has(String((err as { code?: unknown }).code))) {
          kept.delete(text);
          await forget(name);
        }
        throw err;
      }
      if (!inTransaction) await pglite.syncToFs();
      const all = statement.description ? [statement.description, ...messages] : messages;
      return parse.parseResults(all as never, pglite.parsers, options)[0] as Results<T>;
    } catch (err) {
      throw failed(err, text, params);
    }
  }

  return {
    run<T>(
      text: string,
      params: readonly unknown[],
      options: QueryOptions | undefined,
      inTransaction: boolean,
    ) {
      if (!usable || !text.endsWith(PREPARED) || (!kept.has(text) && kept.size >= MAX_PREPARED))
        return undefined;
      if (inTransaction) return pglite._runExclusiveQuery(() => execute<T>(text, params, options, true));
      // outside a transaction a statement found stale ran nothing: parsed again and run at once
      const once = () => execute<T>(text, params, options, false);
      return outside(() =>
        pglite._runExclusiveQuery(() =>
          once().catch((err: unknown) => {
            if (!STALE.has(String((err as { code?: unknown }).code))) throw err;
            return once();
          }),
        ),
      );
    },
  };
}

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
