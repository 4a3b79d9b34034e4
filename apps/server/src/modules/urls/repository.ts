import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { userUrls } from '../../db/schema.ts';

/** The user's ignored sites: the only module code that touches `user_urls`. Scoped by user id. */

export async function listDomains(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ domain: userUrls.domain })
    .from(userUrls)
    .where(eq(userUrls.userId, userId))
    .orderBy(asc(userUrls.createdAt), asc(userUrls.domain));
  return rows.map((r) => r.domain);
}

/*
 * The list covers a host when it holds the domain itself or a parent of it, as the contract's
 * `isHostCovered` decides it. The list holds domains as DomainSchema leaves them (trimmed, lower case, no
 * wildcard or trailing dot: `addDomain` is the only way in). The touch-point ingest applies this rule inside
 * its one statement, the server's one home of it: the SQL function `enqueue_metered_touchpoints`
 * (modules/touchpoints/sql/enqueue.sql, decisions 093, 098 and 144).
 */

/** Adds a domain; a duplicate is a no-op (unique (user_id, domain)). */
export async function addDomain(db: Db, userId: string, domain: string): Promise<void> {
  await db.insert(userUrls).values({ userId, domain }).onConflictDoNothing();
}

export async function removeDomain(db: Db, userId: string, domain: string): Promise<boolean> {
  const rows = await db
    .delete(userUrls)
    .where(and(eq(userUrls.userId, userId), eq(userUrls.domain, domain)))
    .returning({ id: userUrls.id });
  return rows.length > 0;
}
