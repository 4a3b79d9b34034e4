import type { Verdict } from '@mediadiet/contract/analysis';
import { messages } from '@mediadiet/contract/messages';
import { MOOD_NOTE_MAX, MOOD_SCORE_MAX, type MoodScore } from '@mediadiet/contract/mood';
import { labelsOnFor, type LabelSettings } from '../labels/settings';
import type { PopupState } from '../messaging';
import { PAUSE_CHOICES, pauseStatusText } from '../pause-time';
import { SKIP_REASON_TEXT } from '../skip-reasons';

const el = <T extends HTMLElement = HTMLElement>(doc: Document, id: string) => doc.getElementById(id) as T;

/** A new `<p>` with this class and text. */
function paragraph(doc: Document, className: string, text: string): HTMLParagraphElement {
  const p = doc.createElement('p');
  p.className = className;
  p.textContent = text;
  return p;
}

/**
 * A page's valence (−1 harmful … +1 good) in words. Beside a verdict it is only the tone of the words: the
 * verdict also weighs what the page makes a reader feel, so a lean in words of its own could contradict it
 * ("Uplifting" over "about neutral").
 */
export function valenceText(valence: number, besideVerdict = false): string {
  const signed = `${valence >= 0 ? '+' : '−'}${Math.abs(valence).toFixed(2)}`;
  if (besideVerdict) return `Tone of its words: ${signed} (from −1 to +1)`;
  const lean = valence >= 0.15 ? 'leans positive' : valence <= -0.15 ? 'leans negative' : 'about neutral';
  return `Overall: ${lean} (valence ${signed})`;
}

/** Each verdict in plain words: its name and what it means for the reader. */
export const VERDICT_TEXT: Record<Verdict, { name: string; meaning: string }> = {
  uplifting: { name: 'Uplifting', meaning: 'likely to leave you feeling better' },
  neutral: { name: 'Neutral', meaning: 'unlikely to stir strong feelings' },
  mixed: { name: 'Mixed', meaning: 'has both lifting and draining parts' },
  draining: { name: 'Draining', meaning: 'likely to leave you feeling worse' },
};

/** The server's word on a sent page while its scores are not here, in plain words. */
export const RESULT_TEXT: Record<Exclude<PopupState['lastResult'], null>, string> = {
  loading: 'Loading the result…',
  pending: 'The server is still analysing this page.',
  failed: 'The server could not analyse this page.',
  gone: 'This page is no longer in your history.',
  unavailable: 'The result could not be loaded.',
};

function timeText(ms: number): string {
  return new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/** The popup's controls: disabled while the popup loads and while one of their actions is under way. */
export const CONTROL_IDS = ['ignore', ...PAUSE_CHOICES.map((c) => c.id), 'resume', 'on-device'] as const;

export function setControlsBusy(doc: Document): void {
  for (const id of CONTROL_IDS) el<HTMLButtonElement | HTMLInputElement>(doc, id).disabled = true;
  el(doc, 'status').setAttribute('aria-busy', 'true');
}

/** Render the state into popup.html's elements (plain DOM; no framework); enables the controls it can. */
export function render(doc: Document, s: PopupState): void {
  const status = el(doc, 'status');
  status.textContent = s.connected ? 'Connected' : s.connectionError ? 'Reconnect needed' : 'Not connected';
  status.className = `pill ${s.connected ? 'ok' : 'bad'}`;
  status.removeAttribute('aria-busy');

  const note = el(doc, 'connection-note');
  note.hidden = s.connected;
  note.textContent =
    s.connectionError ?? 'Connect this browser from your Media Diet account to start analysing pages.';
  el(doc, 'limit').hidden = !s.limitReached;
  el(doc, 'consent-note').hidden = s.consented;
  el<HTMLAnchorElement>(doc, 'consent-link').href = s.consentUrl;
  el<HTMLAnchorElement>(doc, 'privacy-link').href = s.consentUrl;
  const ignoreNote = el(doc, 'ignore-note');
  ignoreNote.hidden = !s.ignoreNote;
  ignoreNote.textContent = s.ignoreNote ?? '';

  const ignore = el<HTMLButtonElement>(doc, 'ignore');
  el(doc, 'site-host').textContent = s.site?.host ?? 'No web page';
  const reason = s.site?.reason ?? null;
  el(doc, 'site-reason').textContent = !s.site
    ? 'Open a web page to see its status.'
    : reason === 'ignored' && !s.site.locallyIgnored
        ? 'You ignore this site. Remove it under Ignored Sites in your account.'
        : reason
          ? SKIP_REASON_TEXT[reason]
          : 'Pages you read here are analysed.';
  ignore.textContent = s.site?.locallyIgnored ? 'Stop ignoring this site' : 'Ignore this site';
  ignore.disabled =
    !s.site ||
    (!s.site.locallyIgnored &&
      (reason === 'ignored' ||
        reason === 'protected' ||
        reason === 'web-app' ||
        reason === 'private-network' ||
        reason === 'credentials' ||
        reason === 'search'));

  // Pause: for 15 minutes, an hour or until tomorrow; while paused, until when and "Resume now".
  const paused = s.pausedUntil > 0;
  el(doc, 'pause-choices').hidden = paused;
  el(doc, 'paused').hidden = !paused;
  el(doc, 'paused-until').textContent = paused ? pauseStatusText(s.pausedUntil, Date.now()) : '';
  for (const id of CONTROL_IDS) if (id !== 'ignore' && id !== 'on-device') el<HTMLButtonElement>(doc, id).disabled = false;

  const onDevice = el<HTMLInputElement>(doc, 'on-device');
  onDevice.checked = s.onDevice;
  onDevice.disabled = false;

  const last = el(doc, 'last');
  last.replaceChildren();
  if (!s.last) {
    last.append(paragraph(doc, 'muted', 'Nothing analysed in this tab yet.'));
  } else {
    const t = paragraph(doc, 'host', s.last.title || s.last.url);
    const statusText = {
      queued: 'waiting to be sent',
      sent: 'sent',
      limit: 'not analysed: plan limit reached',
      error: 'not accepted by the server',
    }[s.last.status];
    const meta = paragraph(
      doc,
      'muted',
      `${timeText(s.last.at)} · ${s.last.mode === 'device' ? 'analysed on this device' : 'analysed by the server'} · ${statusText}`,
    );
    last.append(t, meta);
    last.removeAttribute('aria-busy');
    // The summary of the page: its verdict first, then its lean and strongest categories.
    if (s.lastVerdict) {
      const { name, meaning } = VERDICT_TEXT[s.lastVerdict.verdict];
      const verdict = doc.createElement('p');
      verdict.id = 'last-verdict';
      verdict.className = `verdict verdict-${s.lastVerdict.verdict}`;
      const strong = doc.createElement('strong');
      strong.textContent = name;
      verdict.append(strong, `: ${meaning}.`);
      last.append(verdict);
      const details = doc.createElement('p');
      details.id = 'last-verdict-details';
      details.className = 'muted';
      const drivers =
        s.lastVerdict.drivers.length > 0 ? `Mostly ${s.lastVerdict.drivers.join(' and ')}. ` : '';
      const sure =
        s.lastVerdict.confidence === null ? '' : `How sure: ${Math.round(s.lastVerdict.confidence * 100)}%.`;
      details.textContent = `${drivers}${sure}`.trim();
      if (details.textContent) last.append(details);
    }
    if (s.lastValence !== null) {
      const overall = doc.createElement('p');
      overall.id = 'last-valence';
      overall.textContent = valenceText(s.lastValence, Boolean(s.lastVerdict));
      last.append(overall);
    }
    if (s.lastTop.length > 0) {
      const ul = doc.createElement('ul');
      ul.className = 'cats';
      ul.setAttribute('aria-label', 'Strongest categories');
      for (const c of s.lastTop) {
        const li = doc.createElement('li');
        const name = doc.createElement('span');
        name.textContent = c.name;
        const value = doc.createElement('span');
        value.textContent = `${Math.round(c.score)}%`;
        li.append(name, value);
        const bar = doc.createElement('div');
        bar.className = 'bar';
        bar.setAttribute('aria-hidden', 'true');
        const fill = doc.createElement('span');
        fill.style.width = `${Math.max(0, Math.min(100, c.score))}%`;
        bar.append(fill);
        ul.append(li, bar);
      }
      last.append(ul);
    } else if (s.lastResult) {
      const p = doc.createElement('p');
      p.id = 'last-result';
      p.className = s.lastResult === 'failed' || s.lastResult === 'unavailable' ? 'note warn' : 'muted';
      p.setAttribute('role', 'status');
      p.textContent = RESULT_TEXT[s.lastResult];
      last.append(p);
      if (s.lastResult === 'loading') last.setAttribute('aria-busy', 'true');
      if (s.lastResult === 'unavailable') {
        const retry = doc.createElement('button');
        retry.type = 'button';
        retry.id = 'last-retry';
        retry.textContent = 'Try again';
        last.append(retry);
      }
    } else {
      last.append(
        paragraph(
          doc,
          'muted',
          s.last.status === 'queued'
            ? 'The result appears here once the page has been sent and analysed.'
            : 'Scores appear on your dashboard once the server has analysed the page.',
        ),
      );
    }
  }

  const queue = el(doc, 'queue');
  queue.hidden = s.queueLength === 0 && s.queueDropped === 0;
  queue.textContent =
    `${s.queueLength} page${s.queueLength === 1 ? '' : 's'} waiting to be sent.` +
    (s.queueDropped
      ? ` ${s.queueDropped} older page${s.queueDropped === 1 ? ' was' : 's were'} dropped while offline.`
      : '');

  renderGoals(doc, s);
  el<HTMLAnchorElement>(doc, 'dashboard').href = s.dashboardUrl;
}

/** The popup's goal line: each reading goal at risk or over its limit, its status and the server's sentence. */
function renderGoals(doc: Document, s: PopupState): void {
  const alerts = s.connected ? s.goalAlerts : [];
  el(doc, 'goals').hidden = alerts.length === 0;
  el(doc, 'goal-alerts').replaceChildren(
    ...alerts.map((alert) => {
      const li = doc.createElement('li');
      li.className = `goal goal-${alert.status}`;
      const status = doc.createElement('strong');
      status.textContent = `${messages.goals.status[alert.status]}:`;
      li.append(status, ` ${alert.sentence}`);
      return li;
    }),
  );
}

/** The mood scale, lowest first, as the web app's check-in shows it. */
export const MOOD_SCORES = [1, 2, 3, 4, 5] as const satisfies readonly MoodScore[];

/** Said under the note: what leaves the browser, and when (README, "Privacy"). */
export const MOOD_SENT_ON_TAP = 'Sent to your account only when you tap a mood.';

/**
 * What the popup's mood check-in shows: nothing (not offered today), the offer (while a tap is being saved, or
 * with why the last one failed), or the thanks once saved.
 */
export type MoodView =
  | { kind: 'hidden' }
  | { kind: 'offered'; saving: MoodScore | null; error: string | null }
  | { kind: 'saved' };

/** Fills the check-in's texts and its five buttons from the contract's catalogue, once. */
function setUpMood(doc: Document): void {
  const scores = el(doc, 'mood-scores');
  if (scores.childElementCount > 0) return;
  el(doc, 'mood-h').textContent = messages.mood.promptTitle;
  el(doc, 'mood-dismiss').textContent = messages.mood.dismiss;
  el(doc, 'mood-hint').textContent = messages.mood.promptHint;
  el(doc, 'mood-note-label').textContent = messages.mood.noteLabel;
  el<HTMLTextAreaElement>(doc, 'mood-note').maxLength = MOOD_NOTE_MAX;
  el(doc, 'mood-note-hint').textContent = `${messages.mood.noteHint(MOOD_NOTE_MAX)} ${MOOD_SENT_ON_TAP}`;
  for (const score of MOOD_SCORES) {
    const label = messages.mood.scoreLabels[score];
    const button = doc.createElement('button');
    button.type = 'button';
    button.className = 'mood';
    button.dataset.score = String(score);
    button.setAttribute('aria-label', messages.mood.scoreName(label, score, MOOD_SCORE_MAX));
    const face = doc.createElement('span');
    face.className = 'face';
    face.setAttribute('aria-hidden', 'true');
    face.textContent = messages.mood.scoreEmoji[score];
    const name = doc.createElement('span');
    name.textContent = label;
    button.append(face, name);
    scores.append(button);
  }
}

/** Render the mood check-in (its own state: the popup keeps it, the background has no part in a tap's progress). */
export function renderMood(doc: Document, view: MoodView): void {
  setUpMood(doc);
  el(doc, 'mood').hidden = view.kind === 'hidden';
  const offered = view.kind === 'offered';
  const saving = offered ? view.saving : null;
  el(doc, 'mood-form').hidden = !offered;
  const dismiss = el<HTMLButtonElement>(doc, 'mood-dismiss');
  dismiss.hidden = !offered;
  dismiss.disabled = saving !== null;
  el<HTMLTextAreaElement>(doc, 'mood-note').disabled = saving !== null;
  for (const button of el(doc, 'mood-scores').querySelectorAll<HTMLButtonElement>('button')) {
    button.disabled = saving !== null;
    if (saving !== null && button.dataset.score === String(saving)) button.setAttribute('aria-busy', 'true');
    else button.removeAttribute('aria-busy');
  }
  el(doc, 'mood-status').textContent =
    view.kind === 'saved' ? messages.mood.saved : saving !== null ? messages.mood.saving : '';
  const error = el(doc, 'mood-error');
  error.hidden = !(offered && view.error);
  error.textContent = offered ? (view.error ?? '') : '';
}

/**
 * "Label links on this site" (decision 159): the site's own switch (a built-in site's default until changed),
 * hidden without a web page; a line with the way to the options page when labels are off everywhere.
 */
export function renderSiteLabels(doc: Document, settings: LabelSettings, host: string | null): void {
  const input = el<HTMLInputElement>(doc, 'site-labels');
  el(doc, 'site-labels-row').hidden = host === null;
  input.checked = host !== null && labelsOnFor({ ...settings, enabled: true }, host);
  input.disabled = host === null;
  el(doc, 'labels-off').hidden = settings.enabled;
}
