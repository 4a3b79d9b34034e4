import { toRecentAnalysis } from '@mediadiet/contract/analysis';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema.ts';
import { withView, type NewAnalysis } from '../../src/modules/analysis/repository.ts';
import { toAnalysis } from '../../src/modules/analysis/view.ts';
import { buildScores } from '../helpers/analysis.ts';
import { migrationTestKit } from '../helpers/migrations.ts';

/**
 * Upgrading a database whose history cards were written before cards carried the verdict: 0015 adds the
 * verdict, drivers and confidence to every stored card of an analysis that has a verdict, exactly as a new
 * card is written, and leaves the others alone. The database is migrated to 0014, given analyses with cards
 * of the old shape, then migrated to the end.
 */

const { pgliteMigratedTo, pgliteMigrateToEnd } = migrationTestKit();

const USER = '22222222-2222-4222-8222-222222222222';
type Verdicts = Pick<NewAnalysis, 'verdict' | 'drivers' | 'confidence'>;
const cases: (Verdicts & { name: string; noCard?: true })[] = [
  { name: 'draining', verdict: 'draining', drivers: ['anger', 'fear'], confidence: 0.8125 },
  { name: 'neutral', verdict: 'neutral', drivers: [], confidence: null },
  { name: 'drivers outside the contract', verdict: 'mixed', drivers: ['joy', 'nope'], confidence: 0.5 },
  { name: 'too many drivers', verdict: 'uplifting', drivers: ['joy', 'hope', 'awe'], confidence: 0.25 },
  { name: 'no drivers stored', verdict: 'uplifting', drivers: null, confidence: 0.75 },
  { name: 'before verdicts', verdict: null, drivers: null, confidence: null },
  { name: 'a verdict outside the contract', verdict: 'meh', drivers: ['joy'], confidence: 0.5 },
  { name: 'no card (before cards)', verdict: 'draining', drivers: ['fear'], confidence: 0.5, noCard: true },
];

/** The card as it was written before 0015: the card of today without the verdict's keys. */
function oldCard(cardJson: string): string {
  const {
    verdict: _v,
    drivers: _d,
    confidence: _c,
    ...card
  } = JSON.parse(cardJson) as Record<string, unknown>;
  return JSON.stringify(card);
}

describe('migration 0015 on a database with history cards', () => {
  it('PGlite: adds the verdict to the cards of analyses that have one, as new cards are written', async () => {
    const db = await pgliteMigratedTo(14);
    await db.execute(sql`insert into users (id, email, name) values (${USER}, 'cards@example.com', 'Cards')`);
    for (const [i, c] of cases.entries()) {
      const id = `bbbbbbbb-0000-4000-8000-00000000000${i}`;
      const url = `https://news.example/${i}`;
      await db.insert(schema.touchpoints).values({
        id,
        userId: USER,
        url,
        host: 'news.example',
        contentHash: id,
        capturedAt: new Date('2025-02-01T10:00:00Z'),
        status: 'done',
      });
      const row = withView({
        id,
        userId: USER,
        touchpointId: id,
        url,
        host: 'news.example',
        title: i % 2 === 0 ? `Page ${i}` : '',
        tokens: 100 + i,
        categoryScores: buildScores({ joy: 10 + i, fear: 40 - i }),
        classificationAnalysis: { correlationCoefficient: 0.25, bayesFactor: 1.5, posteriorProbability: 0.6 },
        valence: -0.125,
        overallScore: 40,
        modelVersion: '2.2.0',
        mode: 'server',
        createdAt: new Date(`2025-02-01T10:0${i}:00.123Z`),
        verdict: c.verdict,
        drivers: c.drivers,
        confidence: c.confidence,
      });
      await db.insert(schema.analyses).values({ ...row, cardJson: c.noCard ? null : oldCard(row.cardJson) });
    }

    await pgliteMigrateToEnd(db);

    const stored = await db.select().from(schema.analyses).orderBy(schema.analyses.createdAt);
    expect(stored).toHaveLength(cases.length);
    for (const [i, row] of stored.entries()) {
      const c = cases[i]!;
      if (c.noCard) {
        expect(row.cardJson, c.name).toBeNull();
        continue;
      }
      expect(JSON.parse(row.cardJson!), c.name).toEqual(toRecentAnalysis(toAnalysis(row)));
    }
    const card = (name: string): unknown =>
      JSON.parse(stored[cases.findIndex((c) => c.name === name)]!.cardJson!);
    expect(card('draining')).toMatchObject({
      verdict: 'draining',
      drivers: ['anger', 'fear'],
      confidence: 0.8125,
    });
    expect(card('drivers outside the contract')).toMatchObject({ verdict: 'mixed', drivers: [] });
    expect(card('before verdicts')).not.toHaveProperty('verdict');
    expect(card('a verdict outside the contract')).not.toHaveProperty('verdict');
  });
});
