import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './database.ts';

const dialect = new PgDialect();

/**
 * The rows of a read that runs many times a second, as a named prepared statement on PostgreSQL (decision 097):
 * each pooled connection parses it once, and after a few runs PostgreSQL keeps a generic plan instead of
 * planning it again every time (planning the insights' statement took longer than running it). `name` must
 * stand for exactly one SQL text: a read whose text varies (an optional clause) needs one name per variant.
 * On PGlite, or inside a transaction, it is an ordinary statement.
 */
export async function preparedRows<R>(db: Db, name: string, query: SQL): Promise<R[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return (await client.query<R & pg.QueryResultRow>({ name, text, values: params })).rows;
  }
  const result: unknown = await db.execute(query);
  return (result as { rows: R[] }).rows;
}
