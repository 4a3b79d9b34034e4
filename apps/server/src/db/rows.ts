/** The first row of a query, or null: the query is limited to one row here. */
export async function firstOrNull<T>(query: { limit(count: number): PromiseLike<T[]> }): Promise<T | null> {
  const [row] = await query.limit(1);
  return row ?? null;
}
