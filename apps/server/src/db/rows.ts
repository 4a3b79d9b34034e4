import { and, getTableColumns, isNull, type SQL, type Table } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from './database.ts';

/** The first row of a query, or null: the query is limited to one row here. */
export async function firstOrNull<T>(query: { limit(count: number): PromiseLike<T[]> }): Promise<T | null> {
  const [row] = await query.limit(1);
  return row ?? null;
}

/** The named columns of a table, as the fields of a select that reads only those. */
export function columns<T extends Table, K extends keyof T['_']['columns'] & string>(
  table: T,
  names: readonly K[],
): Pick<T['_']['columns'], K> {
  const all = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [name, all[name]])) as Pick<T['_']['columns'], K>;
}

/** A table of credentials that end when their `revoked_at` is set (sessions, extension keys). */
type RevocableTable = PgTable & { id: PgColumn; revokedAt: PgColumn };

/** Revokes the rows of `table` matching `where` that are still live (`revoked_at` unset) at `now`; answers their ids. */
export async function revokeLive<T extends RevocableTable>(
  db: Db,
  table: T,
  where: SQL | undefined,
  now: Date,
): Promise<string[]> {
  const rows = await db
    .update(table)
    .set({ revokedAt: now } as PgUpdateSetSource<T>)
    .where(and(where, isNull(table.revokedAt)))
    .returning({ id: table.id });
  return rows.map((row) => row.id as string);
}
