import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
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

/**
 * A condition, for a statement of another module: true when the user's list covers the host — the domain
 * itself or a subdomain of it, as the contract's `isHostCovered` decides it. The list holds domains as
 * DomainSchema leaves them (trimmed, lower case, no wildcard or trailing dot: `addDomain` is the only way
 * in); the host is lower case (a URL's hostname). `userId` and `host` are SQL expressions (columns of the
 * caller's rows).
 */
export function listCoversHostOf(userId: SQL, host: SQL): SQL {
  const h = sql`rtrim(${host}, '.')`;
  return sql`exists (
    select 1 from user_urls listed
     where listed.user_id = ${userId}
       and (listed.domain = ${h} or right(${h}, length(listed.domain) + 1) = '.' || listed.domain))`;
}

/** `listCoversHostOf` for one user and host. */
export function listCoversHost(userId: string, host: string): SQL {
  return listCoversHostOf(sql`${userId}::uuid`, sql`${host.toLowerCase()}::text`);
}

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
