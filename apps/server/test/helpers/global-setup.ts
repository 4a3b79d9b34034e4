import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../../src/db/database.ts';

/** How each test file gets its database (see test-database.ts). */
export type TestDatabaseInfo =
  { kind: 'pglite'; templateFile: string } | { kind: 'postgres'; adminUrl: string; templateName: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseInfo;
  }
}

export function databaseUrlFor(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * Once per run: create and migrate a template database. PGlite: a dump of a migrated in-memory
 * instance (each test file loads it). PostgreSQL (DATABASE_URL set): a template database each test
 * file copies with CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.DATABASE_URL;

  if (adminUrl) {
    const templateName = `mediadiet_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${templateName}`);
    await admin.query(`CREATE DATABASE ${templateName}`);
    const template = await openPostgres(databaseUrlFor(adminUrl, templateName));
    await template.close(); // CREATE DATABASE … TEMPLATE needs the template to have no connections.
    project.provide('testDatabase', { kind: 'postgres', adminUrl, templateName });
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
      await admin.end();
    };
  }

  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mediadiet-template-'));
  const templateFile = path.join(dir, 'template.tar');
  const client = new PGlite();
  const template = await openPglite(client);
  const dump = await client.dumpDataDir('none');
  await fs.writeFile(templateFile, Buffer.from(await dump.arrayBuffer()));
  await template.close();
  project.provide('testDatabase', { kind: 'pglite', templateFile });
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
  };
}
