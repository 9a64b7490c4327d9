/**
 * A named prepared statement sent without Describe once its row description is known on the
 * connection (PostgreSQL only).
 *
 * node-postgres sends Parse once per connection for a named statement, but Bind, Describe and Execute
 * on every call: the server answers the row description every time, the driver parses it into field
 * objects and builds a parser per column and an empty row of the column names (`Result.addFields`).
 * Profiled on the cart calls, that was 3–4 % of a cart call's CPU, and cloning the query's config
 * object (`cloneQueryConfig`, every object config) 2 % more (record
 * docs/decisions/0106-a-prepared-statement-is-described-once-per-connection.md). A prepared statement's
 * columns cannot change under it: when a schema change would change them, the server refuses to run
 * it ("cached plan must not change result type"), and that error drops what was kept here.
 *
 * The skipped Describe leans on node-postgres' Query and Result internals (`prepare`, `_result`,
 * `_parsers`, `_prebuiltEmptyResultObject`, lib/utils' `prepareValue`): when they are not there (a
 * driver that changed), every call describes as before.
 */
import { createRequire } from 'node:module';
import type pg from 'pg';
import type { Pg } from './pg-loader.ts';

/** what a Result holds after `addFields`, kept per connection and statement name */
type Described = { fields: unknown[]; parsers: unknown[]; prebuilt: object };

type Connection = {
  parsedStatements: Record<string, string | undefined>;
  bind(config: object): void;
  close(config: object): void;
  sync(): void;
};

type ResultInternals = {
  fields: unknown[];
  _parsers?: unknown[];
  _prebuiltEmptyResultObject?: object;
};

type QueryInternals = {
  name?: string;
  text: string;
  values: unknown[];
  portal: string;
  binary?: boolean;
  _result: ResultInternals;
  _accumulateRows?: boolean;
  prepare(connection: Connection): void;
  handleRowDescription(msg: unknown): void;
  handleError(err: Error, connection: Connection): void;
  _getRows(connection: Connection, rows: number | undefined): void;
};

type QueryClass = new (
  text: string,
  values: unknown[],
  callback: (err: Error | null, result: pg.QueryResult) => void,
) => QueryInternals;

export type RunPrepared = (
  client: pg.PoolClient,
  name: string,
  text: string,
  values: unknown[],
) => Promise<pg.QueryResult>;

/** `run(client, name, text, values)`: the statement `text` prepared as `name` on the client's connection */
export function preparedRunner(pg: Pg): RunPrepared {
  const Query = (pg as unknown as { Query?: QueryClass }).Query;
  let prepareValue: ((value: unknown) => unknown) | undefined;
  try {
    // by its own path: under `--conditions import` (vitest) `pg` resolves to its ESM wrapper
    prepareValue = (
      createRequire(import.meta.url)('pg/lib/utils') as { prepareValue?: (value: unknown) => unknown }
    ).prepareValue;
  } catch {
    prepareValue = undefined;
  }
  const usable =
    typeof Query === 'function' &&
    typeof prepareValue === 'function' &&
    typeof Query.prototype.prepare === 'function' &&
    typeof Query.prototype._getRows === 'function';
  if (!usable) {
    return (client, name, text, values) => client.query({ name, text, values });
  }
  const valueMapper = prepareValue;

  /** per connection (a new one after a reconnect starts empty), per statement name */
  const described = new WeakMap<Connection, Map<string, Described>>();

  class PreparedQuery extends Query {
    /** the connection this call described on, so its row description is kept for it */
    private describedOn: Connection | undefined;

    override prepare(connection: Connection): void {
      const name = this.name!;
      const known =
        connection.parsedStatements[name] !== undefined ? described.get(connection)?.get(name) : undefined;
      if (!known) {
        this.describedOn = connection;
        super.prepare(connection);
        return;
      }
      const result = this._result;
      result.fields = known.fields;
      result._parsers = known.parsers;
      result._prebuiltEmptyResultObject = known.prebuilt;
      // as handleRowDescription sets it for a query with a callback: the rows are collected
      this._accumulateRows = true;
      try {
        connection.bind({
          portal: this.portal,
          statement: name,
          values: this.values,
          binary: this.binary,
          valueMapper,
        });
      } catch (err) {
        // as node-postgres' own prepare: a value that cannot be sent fails the call alone
        connection.close({ type: 'S', name });
        connection.sync();
        this.handleError(err as Error, connection);
        return;
      }
      this._getRows(connection, undefined);
    }

    override handleRowDescription(msg: unknown): void {
      super.handleRowDescription(msg);
      const connection = this.describedOn;
      const result = this._result;
      if (!connection || !result._parsers || !result._prebuiltEmptyResultObject) return;
      let byName = described.get(connection);
      if (!byName) described.set(connection, (byName = new Map()));
      byName.set(this.name!, {
        fields: result.fields,
        parsers: result._parsers,
        prebuilt: result._prebuiltEmptyResultObject,
      });
    }

    override handleError(err: Error, connection: Connection): void {
      // a statement that failed is described again next time (its result may have changed)
      if (connection) described.get(connection)?.delete(this.name!);
      super.handleError(err, connection);
    }
  }

  return (client, name, text, values) =>
    new Promise<pg.QueryResult>((resolve, reject) => {
      const query = new PreparedQuery(text, values, (err, res) => (err ? reject(err) : resolve(res)));
      query.name = name;
      client.query(query as unknown as pg.Submittable);
    });
}
