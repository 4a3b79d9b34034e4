import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import type { Db } from '../../src/db/database.ts';
import * as schema from '../../src/db/schema.ts';
import { readRollups } from '../../src/modules/analysis/repository.ts';
import { toAnalysis } from '../../src/modules/analysis/view.ts';
import { migrationsDir } from '../../src/paths.ts';
import { databaseUrlFor } from '../helpers/global-setup.ts';
import { buildScores } from '../helpers/analysis.ts';
import { migrationTestKit } from '../helpers/migrations.ts';

/**
 * Upgrading a database that already holds analyses (decision 071): 0004 writes every analysis' API view
 * and the rollups. The database is migrated to 0003, given analyses, then migrated to the end.
 */

const { cleanups, migrationsUpTo, pgliteMigratedTo, pgliteMigrateToEnd } = migrationTestKit();

const USER = '11111111-1111-4111-8111-111111111111';
const rows = [
  {
    id: 'aaaaaaaa-0000-4000-8000-000000000001',
    at: '2025-01-31 23:59:59.999999+00',
    host: 'a.example',
    overall: 40,
    joy: 10,
    title: 'One',
    tokens: 100,
  },
  {
    id: 'aaaaaaaa-0000-4000-8000-000000000002',
    at: '2025-02-01 00:00:00+00',
    host: 'a.example',
    overall: null,
    joy: 30,
    title: '',
    tokens: 50,
  },
  {
    id: 'aaaaaaaa-0000-4000-8000-000000000003',
    at: '2025-02-01 10:30:00.123+00',
    host: 'b.example',
    overall: 80,
    joy: 50,
    title: 'Three',
    tokens: 7,
  },
];

async function seedLegacyRows(db: Db) {
  await db.execute(sql`insert into users (id, email, name) values (${USER}, 'legacy@example.com', 'Legacy')`);
  for (const r of rows) {
    await db.execute(sql`insert into touchpoints (id, user_id, url, host, content_hash, captured_at, status)
      values (${r.id}, ${USER}, ${`https://${r.host}/${r.id}`}, ${r.host}, ${r.id}, now(), 'done')`);
    await db.execute(sql`insert into analyses (id, user_id, touchpoint_id, url, host, title, tokens, category_scores,
        classification_analysis, valence, overall_score, model_version, mode, created_at)
      values (${r.id}, ${USER}, ${r.id}, ${`https://${r.host}/${r.id}`}, ${r.host}, ${r.title}, ${r.tokens},
        ${JSON.stringify(buildScores({ joy: r.joy }))}::jsonb,
        ${JSON.stringify({ correlationCoefficient: 0.25, bayesFactor: 1.5, posteriorProbability: 0.6 })}::jsonb,
        ${r.overall === null ? null : 0.125}, ${r.overall}, 'legacy-1', 'server', ${r.at}::timestamptz)`);
  }
}

async function expectUpgraded(db: Db) {
  const stored = await db.select().from(schema.analyses);
  expect(stored).toHaveLength(3);
  for (const row of stored) expect(JSON.parse(row.viewJson)).toEqual(toAnalysis(row));
  const second = stored.find((r) => r.id === rows[1]!.id)!;
  expect(JSON.parse(second.viewJson)).not.toHaveProperty('title');
  expect(JSON.parse(second.viewJson)).not.toHaveProperty('overallScore');

  const rollups = await readRollups(db, USER);
  expect(
    rollups.daily.map((d) => [d.day, d.analyses, d.tokens, d.overallSum, d.overallCount, d.joySum]),
  ).toEqual([
    ['2025-01-31', 1, 100, 40, 1, 10],
    ['2025-02-01', 2, 57, 80, 1, 80],
  ]);
  expect(rollups.domains.map((d) => [d.month, d.host, d.visits, d.overallSum, d.overallCount])).toEqual([
    ['2025-01-01', 'a.example', 1, 40, 1],
    ['2025-02-01', 'a.example', 1, 0, 0],
    ['2025-02-01', 'b.example', 1, 80, 1],
  ]);
}

describe('migration 0004 on a database with analyses', () => {
  it('PGlite: writes the views and the rollups of the existing analyses', async () => {
    const db = await pgliteMigratedTo(3);
    await seedLegacyRows(db);
    await pgliteMigrateToEnd(db);
    await expectUpgraded(db);
  });

  // Registered only on PostgreSQL (CI's second pass sets DATABASE_URL), so the embedded pass lists no skip.
  if (inject('testDatabase').kind === 'postgres')
    it('PostgreSQL: the same', async () => {
      const info = inject('testDatabase');
      if (info.kind !== 'postgres') return;
      const name = `mediadiet_upgrade_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: info.adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      cleanups.push(async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      });
      const pool = new pg.Pool({ connectionString: databaseUrlFor(info.adminUrl, name), max: 2 });
      // The teardown's DROP … WITH (FORCE) may terminate a connection the pool is still closing: an idle client
      // then emits 57P01 ('terminating connection due to administrator command'), which is expected here.
      pool.on('error', (error: Error & { code?: string }) => {
        if (error.code !== '57P01') throw error;
      });
      cleanups.push(() => pool.end());
      const db = drizzlePg({ client: pool, schema }) as unknown as Db;
      await migratePg(db as never, { migrationsFolder: await migrationsUpTo(3) });
      await seedLegacyRows(db);
      await migratePg(db as never, { migrationsFolder: migrationsDir });
      await expectUpgraded(db);
    });
});
