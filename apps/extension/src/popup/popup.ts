/**
 * The toolbar popup: status, the reading goals at risk, today's mood check-in, this site, pause, on-device
 * setting, last analysis, dashboard link.
 */
import { messages } from '@mediadiet/contract/messages';
import type { MoodScore } from '@mediadiet/contract/mood';
import { getBrowser } from '../browser';
import { sendInternal, type PopupState } from '../messaging';
import { PAUSE_CHOICES, pauseRequest } from '../pause-time';
import { setUpSiteLabels } from './site-labels';
import { MOOD_SCORES, render, renderMood, setControlsBusy, type MoodView } from './view';

const browser = getBrowser();

/** While the server is still analysing the last page, the popup asks again this often, this many times at most. */
const RESULT_ASK_EVERY_MS = 2_000;
const RESULT_ASKS_MAX = 15;

async function main(): Promise<void> {
  const [tab] = (await browser.tabs?.query({ active: true, currentWindow: true })) ?? [];
  const where = { tabId: tab?.id, url: tab?.url };
  let state: PopupState = await sendInternal(browser, { kind: 'popupState', ...where });
  const show = (s: PopupState) => {
    state = s;
    render(document, s);
  };
  // Server mode: the last page's result comes from the server. While it is being analysed the popup asks again
  // now and then (a bounded number of times); when the server cannot be asked it offers "Try again".
  let asks = 0;
  show(state);
  void loadLastResult();
  // Where the reading goals stand now (the state shows the last known until the server answers); only the goal
  // line changes with the answer.
  void sendInternal(browser, { kind: 'refreshGoals' }).then(
    ({ goalAlerts }) => show({ ...state, goalAlerts }),
    (error: unknown) => console.error('Media Diet popup:', error),
  );
  void setUpMoodCheckIn().catch((error: unknown) => console.error('Media Diet popup:', error));

  async function loadLastResult(): Promise<void> {
    if (state.lastResult !== 'loading' && state.lastResult !== 'pending') return;
    asks++;
    try {
      show(await sendInternal(browser, { kind: 'lastResult', ...where }));
    } catch (error: unknown) {
      console.error('Media Diet popup:', error);
      show({ ...state, lastResult: 'unavailable' });
    }
    if (state.lastResult === 'pending' && asks < RESULT_ASKS_MAX) setTimeout(() => void loadLastResult(), RESULT_ASK_EVERY_MS);
  }
  document.getElementById('last')?.addEventListener('click', (event) => {
    if ((event.target as HTMLElement | null)?.id !== 'last-retry') return;
    asks = 0;
    show({ ...state, lastResult: 'loading' });
    void loadLastResult();
  });

  // One action at a time: the controls stay disabled until the background has answered it.
  const on = (id: string, type: string, fn: () => Promise<PopupState>) =>
    document.getElementById(id)?.addEventListener(type, () => {
      setControlsBusy(document);
      void fn().then((next) => {
        show(next);
        if (next.lastResult === 'loading') void loadLastResult();
      }, (error: unknown) => {
        console.error('Media Diet popup:', error);
        show(state);
      });
    });

  /**
   * Today's mood check-in, when the server says today has none and the person has not put it off today: one tap
   * on a mood saves it with the note, if any; a failure says why and keeps both for another tap.
   */
  async function setUpMoodCheckIn(): Promise<void> {
    let mood: MoodView = { kind: 'hidden' };
    const showMood = (next: MoodView) => {
      mood = next;
      renderMood(document, mood);
    };
    showMood(mood);
    const offer = await sendInternal(browser, { kind: 'moodOffer' });
    if (!offer.offered) return;
    showMood({ kind: 'offered', saving: null, error: null });
    const note = document.getElementById('mood-note') as HTMLTextAreaElement;
    document.getElementById('mood-scores')?.addEventListener('click', (event) => {
      const button = (event.target as HTMLElement | null)?.closest<HTMLButtonElement>('button[data-score]');
      const score = MOOD_SCORES.find((s) => String(s) === button?.dataset.score);
      if (!score || mood.kind !== 'offered' || mood.saving !== null) return;
      void save(score);
    });
    async function save(score: MoodScore): Promise<void> {
      showMood({ kind: 'offered', saving: score, error: null });
      const text = note.value.trim();
      const result = await sendInternal(browser, { kind: 'moodCheckIn', score, ...(text ? { note: text } : {}) }).catch(
        (error: unknown) => {
          console.error('Media Diet popup:', error);
          return { success: false as const, error: messages.mood.saveFailed };
        },
      );
      showMood(result.success ? { kind: 'saved' } : { kind: 'offered', saving: null, error: result.error });
    }
    document.getElementById('mood-dismiss')?.addEventListener('click', () => {
      showMood({ kind: 'hidden' });
      void sendInternal(browser, { kind: 'moodDismiss', day: offer.today });
    });
  }

  on('ignore', 'click', () =>
    sendInternal(browser, { ...where, kind: 'ignoreSite', url: state.site?.url ?? '', ignore: !state.site?.locallyIgnored }),
  );
  for (const choice of PAUSE_CHOICES) {
    on(choice.id, 'click', () => sendInternal(browser, { kind: 'pause', ...pauseRequest(choice.minutes, Date.now()), ...where }));
  }
  on('resume', 'click', () => sendInternal(browser, { kind: 'pause', minutes: 0, ...where }));
  void setUpSiteLabels(document, browser, () => state.site?.host ?? null);
  on('on-device', 'change', () =>
    sendInternal(browser, {
      kind: 'setOnDevice',
      onDevice: (document.getElementById('on-device') as HTMLInputElement).checked,
      ...where,
    }),
  );
}

void main().catch((error: unknown) => {
  console.error('Media Diet popup:', error);
  const status = document.getElementById('status');
  if (status) status.textContent = 'Unavailable';
});
