import fs from 'node:fs/promises';
import path from 'node:path';
import { modulesDir } from '../paths.ts';

/**
 * SQL functions (decision 144). A rule that must run inside the database lives in one file owned by its
 * module, `modules/<domain>/sql/<name>.sql`, made only of `CREATE OR REPLACE` statements; the migrations
 * (drizzle/) hold the schema only. Every start applies every file after the migrations, in one transaction,
 * modules and files in name order: a fresh database gets the functions, an existing one gets their current
 * bodies, and a start that changes nothing replaces them with themselves. Removing a function, or changing
 * its signature, is a schema change: a migration drops the old one.
 */

export interface SqlFunctionFile {
  /** `<domain>/sql/<name>.sql`, for messages. */
  name: string;
  text: string;
}

/** The `.sql` files of every module, modules and files in name order. */
export async function readSqlFunctionFiles(root: string = modulesDir): Promise<SqlFunctionFile[]> {
  const files: SqlFunctionFile[] = [];
  const modules = (await fs.readdir(root, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  for (const module of modules) {
    let names: string[];
    try {
      names = (await fs.readdir(path.join(root, module, 'sql'))).filter((name) => name.endsWith('.sql')).sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    for (const name of names) {
      const relative = path.join(module, 'sql', name);
      files.push({ name: relative, text: await fs.readFile(path.join(root, relative), 'utf8') });
    }
  }
  return files;
}

/**
 * Applies the modules' SQL files through `exec` (one connection: a PGlite client, or a PostgreSQL client
 * holding the migration lock, so instances starting together apply one after the other), all or nothing.
 */
export async function applySqlFunctions(
  exec: (text: string) => Promise<unknown>,
  files?: readonly SqlFunctionFile[],
): Promise<void> {
  const toApply = files ?? (await readSqlFunctionFiles());
  await exec('BEGIN');
  try {
    for (const file of toApply) {
      try {
        await exec(file.text);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`The SQL functions of ${file.name} could not be applied: ${reason}`, { cause: error });
      }
    }
    await exec('COMMIT');
  } catch (error) {
    await exec('ROLLBACK').catch(() => {});
    throw error;
  }
}
