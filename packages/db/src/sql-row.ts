/**
 * The row of a table as a raw SQL read (`SELECT * FROM customers`) returns it: the columns under
 * their SQL names (snake_case), typed by the drizzle schema (schema.ts), so the reads' row types
 * follow the schema instead of being written out again.
 */
import type { Table } from 'drizzle-orm';

type Columns<T extends Table> = T['_']['columns'];

export type SqlRow<T extends Table> = {
  [K in keyof Columns<T> as Columns<T>[K]['_']['name']]: K extends keyof T['$inferSelect']
    ? T['$inferSelect'][K]
    : never;
};
