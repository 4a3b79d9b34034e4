import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { analyze } from '@mediadiet/analyzer';
import { ConfigStateUpdatePayloadSchema } from '@mediadiet/contract/realtime';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.ts';
import type { Database } from '../../../src/db/database.ts';
import { questionnaireSubmissions } from '../../../src/db/schema.ts';
import { createQuestionnaireWorker } from '../../../src/modules/questionnaire/worker.ts';
import { questionnaireMessages } from '../../../src/modules/questionnaire/messages.ts';
import * as repo from '../../../src/modules/questionnaire/repository.ts';
import type { AnalyzeText } from '../../../src/modules/questionnaire/scoring.ts';
import { call, subscribed } from '../../helpers/billing.ts';
import { testAppWithEvents } from '../../helpers/extension.ts';
import { buildAnswers, stateOf, submit, premiumReader } from '../../helpers/questionnaire.ts';
import { testConfig, withTestApp, type TestApp } from '../../helpers/test-app.ts';
import { createTestDatabase } from '../../helpers/test-database.ts';

const { t, events } = testAppWithEvents();
beforeEach(() => {
  events.length = 0;
});

const premium = () => premiumReader(t, events);

const submissionsOf = (userId: string) =>
  t.db.select().from(questionnaireSubmissions).where(eq(questionnaireSubmissions.userId, userId));

/** A logger that keeps what was logged at warn and above. */
function recordingLog() {
  const lines: { level: string; obj: Record<string, unknown>; msg: string }[] = [];
  const at =
    (level: string) =>
    (obj: Record<string, unknown>, msg = '') =>
      lines.push({ level, obj, msg });
  const log = {
    info: () => {},
    debug: () => {},
    warn: at('warn'),
    error: at('error'),
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}

/** A second worker on the test's database whose analyzer is down (every text answer throws). */
function outageWorker() {
  const { log, lines } = recordingLog();
  const failing: AnalyzeText = () => {
    throw new Error('analyzer unavailable');
  };
  const worker = createQuestionnaireWorker({
    db: t.db,
    users: t.app.users,
    analyzeText: failing,
    log,
    emitToUser: (...args) => t.app.emitToUser(...args),
    options: { backoffMs: 1_000, maxBackoffMs: 60_000, maxAttempts: 3 },
  });
  return { worker, lines };
}

describe('questionnaire worker', () => {
  it('retries with backoff, then sets FAILED (row and user), logs the reason and pushes config_state_update', async () => {
    const who = await premium();
    await submit(t, who.token);
    const { worker, lines } = outageWorker();
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await worker.runOnce()).claimed).toBe(1);
      const [row] = await submissionsOf(who.userId);
      expect(row).toMatchObject({ attempts: attempt, lastError: 'analyzer unavailable' });
      if (attempt < 3) {
        expect(row!.status).toBe('queued');
        expect(await stateOf(t, who.token)).toBe('SUBMITTED');
        delays.push(row!.nextAttemptAt.getTime() - row!.updatedAt.getTime());
        // Not due yet.
        expect((await worker.runOnce()).claimed).toBe(0);
        await t.db.execute(
          sql`update questionnaire_submissions set next_attempt_at = now() where id = ${row!.id}`,
        );
      } else {
        expect(row).toMatchObject({ status: 'failed', lockedBy: null });
      }
    }
    expect(delays.map((d) => Math.round(d / 1000))).toEqual([1, 2]);
    expect(await stateOf(t, who.token)).toBe('FAILED');
    expect(lines).toEqual([
      {
        level: 'warn',
        msg: questionnaireMessages.processingFailed,
        obj: expect.objectContaining({
          userId: who.userId,
          attempts: 3,
          reason: 'analyzer unavailable',
        }) as unknown,
      },
    ]);
    const configEvents = events.filter((e) => e.event === `config_state_update_${who.userId}`);
    expect(configEvents.map((e) => ConfigStateUpdatePayloadSchema.parse(e.payload))).toEqual([
      { userId: who.userId, state: 'FAILED' },
    ]);
    expect(events.some((e) => e.event === `update_user_${who.userId}`)).toBe(true);
    const personalization = await call(t, who.token, 'GET', '/api/account/personalization');
    expect(personalization.json()).toEqual({ success: true, personalization: null });

    // FAILED → SUBMITTED → COMPLETED: the user may send the answers again once the analyzer is back.
    expect((await submit(t, who.token)).statusCode).toBe(200);
    expect(await stateOf(t, who.token)).toBe('SUBMITTED');
    expect(await t.app.questionnaire.worker.drain()).toMatchObject({ completed: 1 });
    expect(await stateOf(t, who.token)).toBe('COMPLETED');
  });

  it('FAILED → OPT_OUT: a user whose processing failed may continue without the questionnaire', async () => {
    const who = await premium();
    await submit(t, who.token);
    await t.db.execute(sql`update questionnaire_submissions set attempts = 2 where user_id = ${who.userId}`);
    const { worker } = outageWorker();
    expect(await worker.drain()).toMatchObject({ failed: 1 });
    const response = await call(t, who.token, 'DELETE', '/api/questionnaire');
    expect(response.statusCode).toBe(200);
    expect(await stateOf(t, who.token)).toBe('OPT_OUT');
  });

  it('reclaims a submission left “processing” by a dead worker once the lock is stale', async () => {
    const who = await premium();
    await submit(t, who.token);
    const claimed = await repo.claimDue(t.db, 'dead-worker', 10, 60_000);
    expect(claimed.map((c) => c.userId)).toContain(who.userId);
    expect((await t.app.questionnaire.worker.runOnce()).claimed).toBe(0);
    expect(await stateOf(t, who.token)).toBe('SUBMITTED');

    await t.db.execute(
      sql`update questionnaire_submissions set locked_at = now() - interval '2 minutes' where user_id = ${who.userId}`,
    );
    expect(await t.app.questionnaire.worker.runOnce()).toMatchObject({ claimed: 1, completed: 1 });
    expect((await submissionsOf(who.userId))[0]).toMatchObject({ status: 'done', attempts: 2 });
    expect(await stateOf(t, who.token)).toBe('COMPLETED');
  });

  it('settles a submission whose user moved on as superseded, leaving the user alone', async () => {
    const who = await premium();
    await submit(t, who.token);
    // As if the state had been changed elsewhere (support reset the questionnaire) before processing.
    await t.app.users.update(who.userId, { configsState: 'NOT_STARTED' });
    events.length = 0;
    expect(await t.app.questionnaire.worker.drain()).toMatchObject({
      claimed: 1,
      superseded: 1,
      completed: 0,
    });
    expect((await submissionsOf(who.userId))[0]).toMatchObject({ status: 'superseded' });
    expect(await stateOf(t, who.token)).toBe('NOT_STARTED');
    expect(events).toEqual([]);
  });

  it('two workers never process the same submission', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => premium()));
    for (const who of users) await submit(t, who.token);
    const make = () =>
      createQuestionnaireWorker({
        db: t.db,
        users: t.app.users,
        analyzeText: (text) => analyze({ text }),
        log: t.app.log,
        emitToUser: () => {},
        options: { batchSize: 2 },
      });
    const [a, b] = await Promise.all([make().drain(), make().drain()]);
    expect(a.completed + b.completed).toBe(6);
    for (const who of users) {
      expect(await submissionsOf(who.userId)).toEqual([
        expect.objectContaining({ status: 'done', attempts: 1 }),
      ]);
      expect(await stateOf(t, who.token)).toBe('COMPLETED');
    }
  });

  it('runs by itself when started, woken by a submission', async () => {
    const who = await premium();
    const worker = t.app.questionnaire.worker;
    worker.start();
    try {
      await submit(t, who.token);
      for (let i = 0; i < 100 && (await stateOf(t, who.token)) !== 'COMPLETED'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await stateOf(t, who.token)).toBe('COMPLETED');
    } finally {
      await worker.stop();
    }
  });
});

describe('processing delay', () => {
  it('a submission is not processed before QUESTIONNAIRE_DELAY_MS has passed (the user sees processing)', async () => {
    await withTestApp({ env: { QUESTIONNAIRE_DELAY_MS: '60000' } }, async (delayed) => {
      const who = await subscribed(delayed, 'premium');
      await submit(delayed, who.token);
      expect((await delayed.app.questionnaire.worker.runOnce()).claimed).toBe(0);
      expect(await stateOf(delayed, who.token)).toBe('SUBMITTED');
      const [row] = await delayed.db.select().from(questionnaireSubmissions);
      expect(row!.nextAttemptAt.getTime() - row!.createdAt.getTime()).toBeGreaterThanOrEqual(59_000);
      await delayed.db.execute(sql`update questionnaire_submissions set next_attempt_at = now()`);
      expect(await delayed.app.questionnaire.worker.runOnce()).toMatchObject({ completed: 1 });
      expect(await stateOf(delayed, who.token)).toBe('COMPLETED');
    });
  });
});

describe('durability', () => {
  it('a queued submission survives an app restart and is processed by the next process', async () => {
    const database = await createTestDatabase();
    // The apps share the database; each one's close leaves it open, as a restarted process finds it.
    const shared: Database = { ...database, close: async () => {} };
    const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'mediadiet-questionnaire-'));
    const boot = async (env: Record<string, string>) => {
      const config = testConfig(tmp, env);
      const app = await buildApp(config, { database: shared });
      await app.ready();
      return { app, db: database.db, database: shared, config, close: () => app.close() } satisfies TestApp;
    };
    try {
      // 1. The first process accepts the answers (its worker is off: it "dies" before processing).
      const first = await boot({ QUESTIONNAIRE_WORKER: 'off' });
      const who = await subscribed(first, 'premium');
      expect((await submit(first, who.token, buildAnswers())).statusCode).toBe(200);
      expect(await stateOf(first, who.token)).toBe('SUBMITTED');
      await first.close();

      // 2. The next process finds the row and completes it with its own worker loop.
      const second = await boot({ QUESTIONNAIRE_WORKER: 'on' });
      try {
        for (let i = 0; i < 100 && (await stateOf(second, who.token)) !== 'COMPLETED'; i++) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(await stateOf(second, who.token)).toBe('COMPLETED');
        const [row] = await database.db
          .select()
          .from(questionnaireSubmissions)
          .where(eq(questionnaireSubmissions.userId, who.userId));
        expect(row).toMatchObject({ status: 'done', attempts: 1 });
        const snapshot = await call(second, who.token, 'GET', '/api/account/personalization');
        expect(snapshot.json<{ personalization: unknown }>().personalization).not.toBeNull();
      } finally {
        await second.close();
      }
    } finally {
      await database.close();
      await fs.rm(tmp, { recursive: true, force: true });
    }
  });
});
