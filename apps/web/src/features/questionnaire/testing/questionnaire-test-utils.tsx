import { useQuery } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { STORAGE_KEYS } from '@mediadiet/contract/constants';
import { buildQuestion, buildUser } from '@mediadiet/contract/fixtures';
import type {
  Answers,
  Personalization,
  PersonalizationUpdate,
  Question,
  QuestionnaireState,
} from '@mediadiet/contract/questionnaire';
import type { User } from '@mediadiet/contract/user';
import { server } from '@/testing/msw-server';
import { createRetrylessQueryClient, renderRoutes } from '@/testing/render-router';
import { accountInfoQuery } from '@/lib/account-info';
import { QuestionnaireScreen } from '@/features/questionnaire/components/questionnaire-screen';

/** Test data, a fake questionnaire server (MSW) and a renderer for the questionnaire feature. */

/** One question of each type (spec §2). */
export const QUESTIONS: Question[] = [
  buildQuestion({
    id: 'q1',
    type: 'RADIO',
    question: 'When do you read the news?',
    answers: ['Morning', 'Evening'],
  }),
  buildQuestion({
    id: 'q2',
    type: 'MULTIPLE_CHOICE',
    question: 'Which topics draw you in?',
    answers: ['Politics', 'Science', 'Sport'],
  }),
  buildQuestion({
    id: 'q3',
    type: 'AB_SELECTION',
    question: 'Which would you rather read?',
    answers: ['A long feature', 'A quick summary'],
  }),
  buildQuestion({ id: 'q4', type: 'TEXT_SHORT', question: 'Your favourite source?', answers: [] }),
  buildQuestion({ id: 'q5', type: 'TEXT_LONG', question: 'How does bad news affect your day?', answers: [] }),
];

/** A complete set of answers to QUESTIONS. */
export const ALL_ANSWERS: Answers = {
  q1: 'Evening',
  q2: ['Science'],
  q3: 'A quick summary',
  q4: 'The radio',
  q5: 'It lingers.',
};

/** `n` RADIO questions q1…qn. */
export function radioQuestions(n: number): Question[] {
  return Array.from({ length: n }, (_, i) =>
    buildQuestion({ id: `q${i + 1}`, question: `Question text ${i + 1}?`, answers: ['Yes', 'No'] }),
  );
}

export const SNAPSHOT: Personalization = {
  categoryScores: {
    emotional: [
      { category: 'Empathy', score: 1, description: 'How you respond to others’ feelings.' },
      { category: 'Resilience', score: 2, description: 'How quickly you recover from upsetting news.' },
    ],
    behavioral: [
      { category: 'Habits', score: 3, description: 'How steady your routines are.' },
      { category: 'Scrolling', score: 4, description: 'How easily you keep on scrolling.' },
    ],
    cognitive: [{ category: 'Focus', score: 5, description: 'How long you stay with one text.' }],
  },
};

export function saveProgress(answers: Answers, questions: Question[] = QUESTIONS): void {
  localStorage.setItem(STORAGE_KEYS.questionnaireProgress, JSON.stringify({ answers, questions }));
}

export function storedProgress(): { answers: Answers; questions: Question[] } | null {
  const raw = localStorage.getItem(STORAGE_KEYS.questionnaireProgress);
  return raw ? (JSON.parse(raw) as { answers: Answers; questions: Question[] }) : null;
}

type Failure = { status: number; error?: string };
type Reply<T> = T | Failure | 'hold';

export interface FakeServerOptions {
  state?: QuestionnaireState;
  user?: Partial<User>;
  questions?: Reply<Question[]>;
  personalization?: Reply<Personalization | null>;
  submit?: 'ok' | Failure | 'hold';
  optOut?: 'ok' | Failure;
  updatePersonalization?: 'ok' | Failure;
}

const isFailure = (value: unknown): value is Failure =>
  typeof value === 'object' && value !== null && 'status' in value;

function failureResponse(failure: Failure) {
  return failure.error === undefined
    ? new HttpResponse(null, { status: failure.status })
    : HttpResponse.json({ success: false, error: failure.error }, { status: failure.status });
}

/**
 * Plays the server: the account info (its questionnaire state changes as the real server's would),
 * the questions, submit, opt-out and the personalization. Records every call's body in `calls`.
 */
export function mockQuestionnaireServer(options: FakeServerOptions = {}) {
  const held: (() => void)[] = [];
  const hold = () => new Promise<void>((resolve) => held.push(resolve));
  const fake = {
    user: buildUser({
      id: 'user-7',
      state: { hasHadFreeTrial: true, shouldShowExtensionWizard: false },
      configs: { state: options.state ?? 'NOT_STARTED', lastSubmitted: null },
      ...options.user,
    }),
    personalization: options.personalization === undefined ? SNAPSHOT : options.personalization,
    calls: {
      questions: 0,
      submit: [] as unknown[],
      optOut: 0,
      personalizationGets: 0,
      personalizationPatches: [] as PersonalizationUpdate[],
    },
    /** Lets held calls answer. */
    release: () => held.splice(0).forEach((resolve) => resolve()),
    setState(state: QuestionnaireState) {
      fake.user = { ...fake.user, configs: { ...fake.user.configs, state } };
    },
  };
  const questions = options.questions ?? QUESTIONS;

  server.use(
    http.post('*/auth/loggedin', () => HttpResponse.json({ success: true, loggedIn: true, user: fake.user })),
    http.get('*/api/account/info', () => HttpResponse.json({ success: true, user: fake.user })),
    http.get('*/api/questionnaire', async () => {
      fake.calls.questions += 1;
      if (questions === 'hold') await hold();
      if (isFailure(questions)) return failureResponse(questions);
      return HttpResponse.json({ success: true, data: questions === 'hold' ? QUESTIONS : questions });
    }),
    http.post('*/api/questionnaire', async ({ request }) => {
      fake.calls.submit.push(await request.json());
      const submit = options.submit ?? 'ok';
      if (submit === 'hold') await hold();
      if (isFailure(submit)) return failureResponse(submit);
      fake.user = {
        ...fake.user,
        configs: { state: 'SUBMITTED', lastSubmitted: '2025-02-01T10:00:00.000Z' },
      };
      return HttpResponse.json({ success: true, data: { configs: fake.user.configs } });
    }),
    http.delete('*/api/questionnaire', async () => {
      fake.calls.optOut += 1;
      const optOut = options.optOut ?? 'ok';
      await delay(10);
      if (isFailure(optOut)) return failureResponse(optOut);
      fake.setState('OPT_OUT');
      return HttpResponse.json({ success: true, user: fake.user });
    }),
    http.get('*/api/account/personalization', async () => {
      fake.calls.personalizationGets += 1;
      if (fake.personalization === 'hold') await hold();
      if (isFailure(fake.personalization)) return failureResponse(fake.personalization);
      return HttpResponse.json({
        success: true,
        personalization: fake.personalization === 'hold' ? SNAPSHOT : fake.personalization,
      });
    }),
    http.patch('*/api/account/personalization', async ({ request }) => {
      const body = (await request.json()) as PersonalizationUpdate;
      fake.calls.personalizationPatches.push(body);
      const update = options.updatePersonalization ?? 'ok';
      if (isFailure(update)) return failureResponse(update);
      const current = fake.personalization;
      if (current && current !== 'hold' && !isFailure(current)) {
        const next = structuredClone(current);
        for (const group of ['emotional', 'behavioral', 'cognitive'] as const) {
          for (const change of body.categoryScores[group] ?? []) {
            const item = next.categoryScores[group].find((i) => i.category === change.category);
            if (item) item.score = change.score;
          }
        }
        fake.personalization = next;
      }
      return HttpResponse.json({ success: true, personalization: fake.personalization });
    }),
  );
  return fake;
}

/** The screen fed by the account info, as the dashboard's Personality view feeds it. */
function AccountDrivenScreen() {
  const account = useQuery(accountInfoQuery);
  if (!account.data) return null;
  return <QuestionnaireScreen state={account.data.configs.state} />;
}

/**
 * Renders the questionnaire screen with the account info already cached (`user`), toasts in
 * `data-testid="toasts"`, and queries that do not retry.
 */
export function renderQuestionnaire(user: User) {
  const queryClient = createRetrylessQueryClient();
  queryClient.setQueryData(accountInfoQuery.queryKey, user);
  const view = renderRoutes([{ path: '*', element: <AccountDrivenScreen /> }], {
    path: '/auth/dashboard?view=configs',
    queryClient,
  });
  return {
    ...view,
    queryClient,
    /** Unmounts and renders afresh (same storage, a new page load). */
    remount: () => {
      view.unmount();
      return renderQuestionnaire(queryClient.getQueryData<User>(accountInfoQuery.queryKey) ?? user);
    },
    cachedState: () => queryClient.getQueryData<User>(accountInfoQuery.queryKey)?.configs.state,
  };
}

export const findToast = (text: string | RegExp) => within(screen.getByTestId('toasts')).findByText(text);
