import { getTableColumns, type Table } from 'drizzle-orm';

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
