import { QUESTIONNAIRE_QUESTION_COUNT } from '@mediadiet/contract/constants';
import { messages } from '@mediadiet/contract/messages';
import {
  flattenPersonalization,
  PersonalizationResponseSchema,
  QuestionnaireResponseSchema,
  QuestionnaireScoreResponseSchema,
  QuestionnaireSubmitResponseSchema,
  QUESTION_TYPES,
  type Personalization,
} from '@mediadiet/contract/questionnaire';
import { ConfigStateUpdatePayloadSchema, UserUpdatePayloadSchema } from '@mediadiet/contract/realtime';
import { UserResponseSchema } from '@mediadiet/contract/user';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { personalizations, questionnaireSubmissions } from '../../../src/db/schema.ts';
import { questionnaireMessages } from '../../../src/modules/questionnaire/messages.ts';
import { call, customer, subscribed } from '../../helpers/billing.ts';
import { testAppWithEvents } from '../../helpers/extension.ts';
import {
  ANXIOUS_READER,
  buildAnswers,
  CALM_READER,
  stateOf,
  submit,
  premiumReader,
} from '../../helpers/questionnaire.ts';

const { t, events } = testAppWithEvents();
beforeEach(() => {
  events.length = 0;
});

const premium = () => premiumReader(t, events);
const drain = () => t.app.questionnaire.worker.drain();
const eventsFor = (userId: string, name: string) =>
  events.filter((e) => e.userId === userId && e.event === `${name}_${userId}`);

async function personalizationOf(token: string): Promise<Personalization | null> {
  const response = await call(t, token, 'GET', '/api/account/personalization');
  expect(response.statusCode).toBe(200);
  return PersonalizationResponseSchema.parse(response.json()).personalization;
}

const scoresOf = (p: Personalization) =>
  Object.fromEntries(flattenPersonalization(p).map(({ item }) => [item.category, item.score]));

describe('GET /api/questionnaire', () => {
  it('answers the 15 questions, every type present, options for choice questions only', async () => {
    const who = await premium();
    const response = await call(t, who.token, 'GET', '/api/questionnaire');
    expect(response.statusCode).toBe(200);
    const { data } = QuestionnaireResponseSchema.parse(response.json());
    expect(data).toHaveLength(QUESTIONNAIRE_QUESTION_COUNT);
    expect(new Set(data.map((q) => q.type))).toEqual(new Set(QUESTION_TYPES));
    expect(new Set(data.map((q) => q.id)).size).toBe(data.length);
    for (const q of data) {
      if (q.type === 'TEXT_SHORT' || q.type === 'TEXT_LONG') expect(q.answers).toEqual([]);
      else if (q.type === 'AB_SELECTION') expect(q.answers).toHaveLength(2);
      else expect(q.answers.length).toBeGreaterThanOrEqual(2);
    }
  });
});

describe('premium gating', () => {
  const routes: [string, 'GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown?][] = [
    ['questions', 'GET', '/api/questionnaire'],
    ['submit', 'POST', '/api/questionnaire', { answers: buildAnswers() }],
    ['slider by index', 'PATCH', '/api/questionnaire', { index: 0, score: 3 }],
    ['opt out', 'DELETE', '/api/questionnaire'],
    ['personalization', 'GET', '/api/account/personalization'],
    ['personalization update', 'PATCH', '/api/account/personalization', { categoryScores: {} }],
  ];

  it.each(['basic', 'free', 'none'] as const)(
    'refuses every questionnaire call with 403 on %s',
    async (plan) => {
      const who = plan === 'none' ? await customer(t) : await subscribed(t, plan);
      for (const [, method, url, payload] of routes) {
        const response = await call(t, who.token, method, url, payload);
        expect({ url, method, status: response.statusCode }).toEqual({ url, method, status: 403 });
        expect(response.json()).toEqual({ success: false, error: messages.server.premiumRequired });
      }
      expect(await stateOf(t, who.token)).toBe('NOT_STARTED');
    },
  );

  it('needs a session (401 without one)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/questionnaire' });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a canceled Premium subscription once it has ended', async () => {
    const who = await premium();
    await t.db.execute(
      // As the billing sweep leaves a subscription that ran out.
      (await import('drizzle-orm'))
        .sql`update subscriptions set status = 'canceled' where user_id = ${who.userId}`,
    );
    expect((await call(t, who.token, 'GET', '/api/questionnaire')).statusCode).toBe(403);
  });
});

describe('submit validation (400 naming the question)', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    [
      'an unknown question',
      { ...buildAnswers(), bogus: 'x' },
      questionnaireMessages.unknownQuestion('bogus'),
    ],
    [
      'an unanswered question',
      { ...buildAnswers(), checking: '   ' },
      questionnaireMessages.unanswered(4, 'How often do you check the news or your feeds?'),
    ],
    [
      'a missing question',
      (() => {
        const { 'recent-story': _omitted, ...rest } = buildAnswers();
        return rest;
      })(),
      questionnaireMessages.unanswered(
        15,
        'Think of a recent story or post that stayed with you. How did it leave you feeling, and why?',
      ),
    ],
    [
      'an option the question does not offer',
      { ...buildAnswers(), 'daily-time': 'All day long' },
      questionnaireMessages.notAnOption(
        3,
        'How much time do you spend reading online on a typical day?',
        'All day long',
      ),
    ],
    [
      'a list for a RADIO question',
      { ...buildAnswers(), 'daily-time': ['Less than 30 minutes'] },
      questionnaireMessages.expectsOne(3, 'How much time do you spend reading online on a typical day?'),
    ],
    [
      'a string for a MULTIPLE_CHOICE question',
      { ...buildAnswers(), sources: 'News sites and apps' },
      questionnaireMessages.expectsList(1, 'Where does most of what you read online come from?'),
    ],
    [
      'an empty MULTIPLE_CHOICE list',
      { ...buildAnswers(), sources: [] },
      questionnaireMessages.unanswered(1, 'Where does most of what you read online come from?'),
    ],
    [
      'an option chosen twice',
      { ...buildAnswers(), sources: ['Social media feeds', 'Social media feeds'] },
      questionnaireMessages.duplicateOption(
        1,
        'Where does most of what you read online come from?',
        'Social media feeds',
      ),
    ],
    [
      'an AB answer that is neither A nor B',
      { ...buildAnswers(), 'anger-response': 'Both' },
      questionnaireMessages.notAnOption(
        6,
        'When a post makes you angry, what are you more likely to do?',
        'Both',
      ),
    ],
    [
      'a list for a text question',
      { ...buildAnswers(), 'want-more': ['science'] },
      questionnaireMessages.expectsText(
        13,
        'In a few words: what would you like to see more of in your media diet?',
      ),
    ],
    [
      'a short text over 200 characters',
      { ...buildAnswers(), 'want-less': 'x'.repeat(201) },
      questionnaireMessages.textTooLong(14, 'In a few words: what would you like to see less of?', 200),
    ],
    [
      'a long text over 2000 characters',
      { ...buildAnswers(), 'recent-story': 'word '.repeat(401) },
      questionnaireMessages.textTooLong(
        15,
        'Think of a recent story or post that stayed with you. How did it leave you feeling, and why?',
        2000,
      ),
    ],
  ];

  it.each(cases)('refuses %s, stores nothing and keeps NOT_STARTED', async (_name, answers, error) => {
    const who = await premium();
    const response = await call(t, who.token, 'POST', '/api/questionnaire', { answers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error });
    expect(await stateOf(t, who.token)).toBe('NOT_STARTED');
    expect(
      await t.db
        .select()
        .from(questionnaireSubmissions)
        .where(eq(questionnaireSubmissions.userId, who.userId)),
    ).toEqual([]);
    expect(eventsFor(who.userId, 'update_user')).toEqual([]);
  });

  it('refuses a body of the wrong shape (contract validation)', async () => {
    const who = await premium();
    const response = await call(t, who.token, 'POST', '/api/questionnaire', { answers: { sources: 5 } });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toMatch(/^body/);
  });

  it('accepts a 2000-character long text and trims answers', async () => {
    const who = await premium();
    const answers = buildAnswers({
      'recent-story': `  ${'a'.repeat(2000)}  `,
      'daily-time': ' 1 to 3 hours ',
    });
    expect((await submit(t, who.token, answers)).statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(questionnaireSubmissions)
      .where(eq(questionnaireSubmissions.userId, who.userId));
    expect(row!.answers['recent-story']).toBe('a'.repeat(2000));
    expect(row!.answers['daily-time']).toBe('1 to 3 hours');
    await drain();
  });
});

describe('state machine', () => {
  it('NOT_STARTED → SUBMITTED at once (update_user pushed, row queued) → COMPLETED by the worker (config_state_update pushed)', async () => {
    const who = await premium();
    expect(await stateOf(t, who.token)).toBe('NOT_STARTED');
    expect(await personalizationOf(who.token)).toBeNull();

    const response = await submit(t, who.token, CALM_READER);
    expect(response.statusCode).toBe(200);
    const { data } = QuestionnaireSubmitResponseSchema.parse(response.json());
    expect(data.configs.state).toBe('SUBMITTED');
    expect(data.configs.lastSubmitted).not.toBeNull();
    expect(await stateOf(t, who.token)).toBe('SUBMITTED');
    // The snapshot is null until processing completes (contract), even though the answers are stored.
    expect(await personalizationOf(who.token)).toBeNull();

    const [update] = eventsFor(who.userId, 'update_user');
    expect(UserUpdatePayloadSchema.parse(update!.payload)).toMatchObject({
      userId: who.userId,
      state: 'SUBMITTED',
    });
    expect(eventsFor(who.userId, 'config_state_update')).toEqual([]);
    const [row] = await t.db
      .select()
      .from(questionnaireSubmissions)
      .where(eq(questionnaireSubmissions.userId, who.userId));
    expect(row).toMatchObject({ status: 'queued', attempts: 0, answers: CALM_READER });

    events.length = 0;
    expect(await drain()).toMatchObject({ claimed: 1, completed: 1, failed: 0 });
    expect(await stateOf(t, who.token)).toBe('COMPLETED');
    const [configEvent] = eventsFor(who.userId, 'config_state_update');
    expect(ConfigStateUpdatePayloadSchema.parse(configEvent!.payload)).toEqual({
      userId: who.userId,
      state: 'COMPLETED',
    });
    expect(UserUpdatePayloadSchema.parse(eventsFor(who.userId, 'update_user')[0]!.payload).state).toBe(
      'COMPLETED',
    );

    const snapshot = await personalizationOf(who.token);
    expect(snapshot).not.toBeNull();
    expect(snapshot!.categoryScores.emotional.map((i) => i.category)).toContain('Composure');
    expect(snapshot!.categoryScores.behavioral.length).toBeGreaterThan(0);
    expect(snapshot!.categoryScores.cognitive.length).toBeGreaterThan(0);
    for (const { item } of flattenPersonalization(snapshot!)) {
      expect(Number.isInteger(item.score)).toBe(true);
      expect(item.description.length).toBeGreaterThan(10);
    }
    // A steady, curious reader scores above Balanced where the answers say so.
    expect(scoresOf(snapshot!)).toMatchObject({
      Composure: 5,
      'Mindful Consumption': 5,
      'Intellectual Openness': 5,
    });
    const [done] = await t.db
      .select()
      .from(questionnaireSubmissions)
      .where(eq(questionnaireSubmissions.userId, who.userId));
    expect(done).toMatchObject({ status: 'done', attempts: 1, lockedBy: null });
    expect(done!.processedAt).not.toBeNull();
  });

  it('different answers give a different profile (anxious reader below Balanced)', async () => {
    const who = await premium();
    await submit(t, who.token, ANXIOUS_READER);
    await drain();
    expect(scoresOf((await personalizationOf(who.token))!)).toMatchObject({
      Composure: 1,
      'Anger Regulation': 1,
      'Mindful Consumption': 1,
      'Engagement Restraint': 1,
    });
  });

  it('accepts the second client’s configs payload {configs: {answers}}', async () => {
    const who = await premium();
    const response = await call(t, who.token, 'POST', '/api/questionnaire', {
      configs: { answers: buildAnswers() },
    });
    expect(response.statusCode).toBe(200);
    expect(await stateOf(t, who.token)).toBe('SUBMITTED');
  });

  it('refuses a second submit while SUBMITTED, and after COMPLETED (409), keeping one row', async () => {
    const who = await premium();
    await submit(t, who.token);
    const again = await submit(t, who.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, error: questionnaireMessages.alreadyProcessing });
    await drain();
    const after = await submit(t, who.token);
    expect(after.statusCode).toBe(409);
    expect(after.json()).toEqual({ success: false, error: questionnaireMessages.alreadyCompleted });
    expect(
      await t.db
        .select()
        .from(questionnaireSubmissions)
        .where(eq(questionnaireSubmissions.userId, who.userId)),
    ).toHaveLength(1);
    expect(await stateOf(t, who.token)).toBe('COMPLETED');
  });

  it('opt out: NOT_STARTED → OPT_OUT answers {success, user}; the snapshot is the population default', async () => {
    const who = await premium();
    const response = await call(t, who.token, 'DELETE', '/api/questionnaire');
    expect(response.statusCode).toBe(200);
    const { user } = UserResponseSchema.parse(response.json());
    expect(user).toMatchObject({ id: who.userId, configs: { state: 'OPT_OUT' } });
    expect(UserUpdatePayloadSchema.parse(eventsFor(who.userId, 'update_user')[0]!.payload).state).toBe(
      'OPT_OUT',
    );

    const snapshot = await personalizationOf(who.token);
    expect(flattenPersonalization(snapshot!).map(({ item }) => item.score)).toEqual(
      flattenPersonalization(snapshot!).map(() => 3),
    );
    // Nothing stored until the user moves a slider.
    expect(await t.db.select().from(personalizations).where(eq(personalizations.userId, who.userId))).toEqual(
      [],
    );

    // Opting out again is harmless: same answer, no event.
    events.length = 0;
    const again = await call(t, who.token, 'DELETE', '/api/questionnaire');
    expect(again.statusCode).toBe(200);
    expect(UserResponseSchema.parse(again.json()).user.configs.state).toBe('OPT_OUT');
    expect(eventsFor(who.userId, 'update_user')).toEqual([]);
  });

  it('OPT_OUT → SUBMITTED → COMPLETED: an opted-out user takes the questionnaire later', async () => {
    const who = await premium();
    await call(t, who.token, 'DELETE', '/api/questionnaire');
    const response = await submit(t, who.token, CALM_READER);
    expect(response.statusCode).toBe(200);
    expect(await stateOf(t, who.token)).toBe('SUBMITTED');
    expect(await personalizationOf(who.token)).toBeNull();
    await drain();
    expect(await stateOf(t, who.token)).toBe('COMPLETED');
    expect(scoresOf((await personalizationOf(who.token))!)).toMatchObject({ Composure: 5 });
  });

  it('an opted-out user’s tuned default profile is replaced by the questionnaire’s', async () => {
    const who = await premium();
    await call(t, who.token, 'DELETE', '/api/questionnaire');
    const tuned = await call(t, who.token, 'PATCH', '/api/account/personalization', {
      categoryScores: { emotional: [{ category: 'Composure', score: 1 }] },
    });
    expect(tuned.statusCode).toBe(200);
    const [stored] = await t.db
      .select()
      .from(personalizations)
      .where(eq(personalizations.userId, who.userId));
    expect(stored).toMatchObject({ source: 'default', submissionId: null });
    expect(stored!.scores).toMatchObject({ composure: 1 });

    await submit(t, who.token, CALM_READER);
    await drain();
    const [after] = await t.db.select().from(personalizations).where(eq(personalizations.userId, who.userId));
    expect(after).toMatchObject({ source: 'questionnaire' });
    expect(after!.scores).toMatchObject({ composure: 5 });
  });

  it('refuses opt-out while SUBMITTED and after COMPLETED (409)', async () => {
    const who = await premium();
    await submit(t, who.token);
    const during = await call(t, who.token, 'DELETE', '/api/questionnaire');
    expect(during.statusCode).toBe(409);
    expect(during.json()).toEqual({ success: false, error: questionnaireMessages.optOutWhileProcessing });
    await drain();
    const after = await call(t, who.token, 'DELETE', '/api/questionnaire');
    expect(after.statusCode).toBe(409);
    expect(after.json()).toEqual({ success: false, error: questionnaireMessages.optOutAfterCompletion });
    expect(await stateOf(t, who.token)).toBe('COMPLETED');
  });
});

describe('personalization', () => {
  async function completed() {
    const who = await premium();
    await submit(t, who.token, buildAnswers());
    await drain();
    return who;
  }

  it('PATCH /api/account/personalization changes only the listed categories and answers the snapshot', async () => {
    const who = await completed();
    const before = scoresOf((await personalizationOf(who.token))!);
    const newComposure = before.Composure === 5 ? 1 : 5;
    const response = await call(t, who.token, 'PATCH', '/api/account/personalization', {
      categoryScores: {
        emotional: [{ category: 'Composure', score: newComposure }],
        cognitive: [{ category: 'Perspective', score: 2 }],
      },
    });
    expect(response.statusCode).toBe(200);
    const answered = PersonalizationResponseSchema.parse(response.json()).personalization!;
    const expected = { ...before, Composure: newComposure, Perspective: 2 };
    expect(scoresOf(answered)).toEqual(expected);
    expect(scoresOf((await personalizationOf(who.token))!)).toEqual(expected);
    expect(await stateOf(t, who.token)).toBe('COMPLETED');
  });

  it('matches categories case-insensitively; an empty update changes nothing', async () => {
    const who = await completed();
    const before = scoresOf((await personalizationOf(who.token))!);
    const empty = await call(t, who.token, 'PATCH', '/api/account/personalization', { categoryScores: {} });
    expect(scoresOf(PersonalizationResponseSchema.parse(empty.json()).personalization!)).toEqual(before);
    const loose = await call(t, who.token, 'PATCH', '/api/account/personalization', {
      categoryScores: { behavioral: [{ category: ' feed  balance ', score: 4 }] },
    });
    expect(loose.statusCode).toBe(200);
    expect(scoresOf((await personalizationOf(who.token))!)['Feed Balance']).toBe(4);
  });

  it.each([0, 6, 2.5, -1])(
    'refuses score %s with the range message (400), changing nothing',
    async (score) => {
      const who = await completed();
      const before = scoresOf((await personalizationOf(who.token))!);
      const response = await call(t, who.token, 'PATCH', '/api/account/personalization', {
        categoryScores: { emotional: [{ category: 'Composure', score }] },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toContain(messages.questionnaire.scoreRange);
      const byIndex = await call(t, who.token, 'PATCH', '/api/questionnaire', { index: 0, score });
      expect(byIndex.statusCode).toBe(400);
      expect(byIndex.json<{ error: string }>().error).toContain(messages.questionnaire.scoreRange);
      expect(scoresOf((await personalizationOf(who.token))!)).toEqual(before);
    },
  );

  it('refuses an unknown category, a category of another group and a duplicate (400), changing nothing', async () => {
    const who = await completed();
    const before = scoresOf((await personalizationOf(who.token))!);
    const cases: [unknown, string][] = [
      [
        { emotional: [{ category: 'Telepathy', score: 3 }] },
        questionnaireMessages.unknownCategory('emotional', 'Telepathy'),
      ],
      [
        {
          emotional: [{ category: 'Composure', score: 2 }],
          cognitive: [{ category: 'Composure', score: 2 }],
        },
        questionnaireMessages.unknownCategory('cognitive', 'Composure'),
      ],
      [
        {
          emotional: [
            { category: 'Composure', score: 2 },
            { category: 'composure', score: 4 },
          ],
        },
        questionnaireMessages.duplicateCategory('emotional', 'Composure'),
      ],
    ];
    for (const [categoryScores, error] of cases) {
      const response = await call(t, who.token, 'PATCH', '/api/account/personalization', { categoryScores });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, error });
    }
    expect(scoresOf((await personalizationOf(who.token))!)).toEqual(before);
  });

  it('PATCH /api/questionnaire {index, score} sets the slider at that index (emotional, behavioral, cognitive order)', async () => {
    const who = await completed();
    const snapshot = (await personalizationOf(who.token))!;
    const flat = flattenPersonalization(snapshot);
    const index = flat.findIndex(({ group }) => group === 'behavioral') + 1;
    const target = flat[index]!;
    const score = target.item.score === 1 ? 5 : 1;
    const response = await call(t, who.token, 'PATCH', '/api/questionnaire', { index, score });
    expect(response.statusCode).toBe(200);
    const { data } = QuestionnaireScoreResponseSchema.parse(response.json());
    const after = flattenPersonalization(data);
    expect(after[index]).toEqual({ group: target.group, item: { ...target.item, score } });
    expect(after.filter((_, i) => i !== index)).toEqual(flat.filter((_, i) => i !== index));

    const out = await call(t, who.token, 'PATCH', '/api/questionnaire', { index: flat.length, score: 3 });
    expect(out.statusCode).toBe(400);
    expect(out.json()).toEqual({
      success: false,
      error: questionnaireMessages.indexOutOfRange(flat.length, flat.length),
    });
  });

  it('an opted-out user may tune the default profile (stored from then on)', async () => {
    const who = await premium();
    await call(t, who.token, 'DELETE', '/api/questionnaire');
    const response = await call(t, who.token, 'PATCH', '/api/questionnaire', { index: 0, score: 1 });
    expect(response.statusCode).toBe(200);
    const snapshot = (await personalizationOf(who.token))!;
    expect(flattenPersonalization(snapshot)[0]!.item.score).toBe(1);
    expect(
      flattenPersonalization(snapshot)
        .slice(1)
        .every(({ item }) => item.score === 3),
    ).toBe(true);
    expect(await stateOf(t, who.token)).toBe('OPT_OUT');
  });

  it.each(['NOT_STARTED', 'SUBMITTED'])('has no snapshot to tune in %s (409)', async (state) => {
    const who = await premium();
    if (state === 'SUBMITTED') await submit(t, who.token);
    const response = await call(t, who.token, 'PATCH', '/api/account/personalization', {
      categoryScores: { emotional: [{ category: 'Composure', score: 2 }] },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ success: false, error: questionnaireMessages.snapshotNotReady });
    expect((await call(t, who.token, 'PATCH', '/api/questionnaire', { index: 0, score: 2 })).statusCode).toBe(
      409,
    );
    expect(await personalizationOf(who.token)).toBeNull();
  });
});

describe('owner scoping', () => {
  it('one user’s submission, processing and sliders never touch another user', async () => {
    const a = await premium();
    const b = await premium();
    await submit(t, a.token, CALM_READER);
    expect(await stateOf(t, b.token)).toBe('NOT_STARTED');
    await drain();
    expect(await stateOf(t, b.token)).toBe('NOT_STARTED');
    expect(await personalizationOf(b.token)).toBeNull();
    expect(events.filter((e) => e.userId === b.userId)).toEqual([]);

    // B cannot tune (it has no snapshot); A's snapshot stays as it was.
    const aBefore = scoresOf((await personalizationOf(a.token))!);
    expect((await call(t, b.token, 'PATCH', '/api/questionnaire', { index: 0, score: 1 })).statusCode).toBe(
      409,
    );
    await call(t, b.token, 'DELETE', '/api/questionnaire');
    await call(t, b.token, 'PATCH', '/api/questionnaire', { index: 0, score: 1 });
    expect(scoresOf((await personalizationOf(a.token))!)).toEqual(aBefore);
    expect(await stateOf(t, a.token)).toBe('COMPLETED');
  });

  it('the account export carries the caller’s own answers and snapshot', async () => {
    const a = await premium();
    const b = await premium();
    await submit(t, a.token, CALM_READER);
    await drain();
    const exported = await call(t, a.token, 'GET', '/api/account/export');
    expect(exported.statusCode).toBe(200);
    const body = exported.json<{ answers: unknown; personalization: Personalization | null }>();
    expect(body.answers).toEqual(CALM_READER);
    expect(body.personalization).toEqual(await personalizationOf(a.token));
    const other = (await call(t, b.token, 'GET', '/api/account/export')).json<{
      answers: unknown;
      personalization: unknown;
    }>();
    expect(other).toMatchObject({ answers: null, personalization: null });
  });
});
