import { eq } from 'drizzle-orm';
import type { Db } from './database.ts';
import { appSettings } from './schema.ts';

/**
 * The value of a server setting, created with `create()` the first time. Instances starting together
 * agree: the first insert wins and everyone reads the stored value.
 */
export async function getOrCreateSetting(db: Db, key: string, create: () => string): Promise<string> {
  await db.insert(appSettings).values({ key, value: create() }).onConflictDoNothing();
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, key))
    .limit(1);
  if (!row) throw new Error(`setting ${key} could not be stored`);
  return row.value;
}
