import type { AnalysisScores, Verdict } from '@mediadiet/contract/analysis';
import type { MoodScore } from '@mediadiet/contract/mood';
import type { BrowserApi } from './browser';
import type { SkipReason } from './skip-reasons';
import type { LabelEvents, LabelReply, LabelRequest } from './labels/protocol';
import type { GoalAlert, LastAnalysis } from './storage-keys';

/**
 * Messages inside the extension (content scripts / popup → background). The web app's messages (PING,
 * CONNECT_EXTENSION, VALIDATE_TOKEN) are the contract's; the bridge wraps them in `{ kind: 'bridge' }`.
 */
export interface InternalMessages {
  bridge: { req: { message: unknown }; res: unknown };
  captureCheck: { req: { url: string }; res: { capture: boolean; reason: SkipReason | null; dwellMs: number } };
  capture: {
    req: { url: string; title: string; text: string };
    res: { status: 'queued' | 'skipped' | 'duplicate'; reason?: SkipReason; scores?: AnalysisScores };
  };
  popupState: { req: { tabId?: number; url?: string }; res: PopupState };
  /** The server's result for the tab's last page (server mode): fetched, kept, and the state answered. */
  lastResult: { req: { tabId?: number; url?: string }; res: PopupState };
  ignoreSite: { req: { url: string; ignore: boolean; tabId?: number }; res: PopupState };
  /**
   * Pause reading for `minutes`, or until `until` (ms; "until tomorrow" is the next midnight in the browser's
   * zone, computed there); 0 minutes resumes.
   */
  pause: { req: ({ minutes: number } | { until: number }) & { tabId?: number; url?: string }; res: PopupState };
  setOnDevice: { req: { onDevice: boolean; tabId?: number; url?: string }; res: PopupState };
  /** The popup opened: ask the server about the reading goals (unless it just did), and answer where they stand. */
  refreshGoals: { req: object; res: Pick<PopupState, 'goalAlerts'> };
  /** Whether the popup offers today's mood check-in (decision 157). */
  moodOffer: { req: object; res: MoodOffer };
  /** The person tapped a mood: today's check-in, with the note they wrote, if any. */
  moodCheckIn: { req: { score: MoodScore; note?: string }; res: MoodCheckInResult };
  /** "Not today", for the server's day the check-in was offered for. */
  moodDismiss: { req: { day: string }; res: { success: boolean } };
  /** From the consent page: agree (with the analysis mode chosen there) or withdraw (decision 115). */
  consent: { req: { agree: boolean; onDevice: boolean }; res: PopupState };
  /** The confirmation page (confirm/confirm.html): what waits, and the person's answer. */
  switchPending: { req: object; res: SwitchPendingState };
  switchDecision: { req: { accept: boolean }; res: { success: boolean; error?: string } };
  /** The labels content script: its links' labels, made on the device (decision 159). */
  labelLinks: { req: LabelRequest; res: LabelReply };
  /** The labels content script: labels shown and labelled links opened (counts only). */
  labelEvents: { req: LabelEvents; res: { success: boolean } };
  /** The options page: the pause and the ignored sites (`refresh`: ask the server for the account's list first). */
  optionsState: { req: { refresh?: boolean }; res: OptionsState };
  /** The options page's "Add a site" to the ignored sites: the account's list, or this browser when it cannot. */
  ignoredSiteAdd: { req: { domain: string }; res: IgnoredSiteAddResult };
  /** The options page: a site ignored on this browser only is no longer ignored (the account's list is the web app's). */
  ignoredSiteRemove: { req: { domain: string }; res: OptionsState };
}

/** What the options page shows of the pause and the ignored sites. */
export interface OptionsState {
  connected: boolean;
  /** ms; 0 when not paused. */
  pausedUntil: number;
  /** The account's ignored sites as the server last answered; null when not connected or not known yet. */
  account: string[] | null;
  /** Sites ignored on this browser only. */
  local: string[];
  /** The web app's Ignored Sites page, where the account's list is edited. */
  manageUrl: string;
}

/** The ignored site added: to the account's list, or kept on this browser (`note` says why); or refused (`error`). */
export type IgnoredSiteAddResult =
  | { success: true; domain: string; where: 'account' | 'browser'; note: string | null; state: OptionsState }
  | { success: false; error: string };

/** Whether the popup offers today's mood check-in, and for which day (the server's). */
export type MoodOffer =
  | { offered: true; today: string }
  | { offered: false; why: 'not-connected' | 'checked-in' | 'dismissed' | 'unavailable' };

/** What became of the popup's check-in: the day it was saved for, or why it was not, in words. */
export type MoodCheckInResult = { success: true; day: string } | { success: false; error: string };

/** What the confirmation page shows: whether a switch waits (expired ones do not). */
export interface SwitchPendingState {
  pending: boolean;
}

export type InternalKind = keyof InternalMessages;
export type InternalMessage<K extends InternalKind = InternalKind> = K extends InternalKind
  ? { kind: K } & InternalMessages[K]['req']
  : never;
export type InternalReply<K extends InternalKind> = InternalMessages[K]['res'];

export interface PopupState {
  connected: boolean;
  /** Why the connection was lost (the server refused the key), if it was. */
  connectionError: string | null;
  site: { host: string; url: string; reason: SkipReason | null; locallyIgnored: boolean } | null;
  pausedUntil: number;
  onDevice: boolean;
  last: LastAnalysis | null;
  /** The last analysis' strongest categories (device mode), highest first. */
  lastTop: { id: string; name: string; score: number }[];
  /** The last analysis' valence, -1 (harmful) … +1 (good), when its scores are known. */
  lastValence: number | null;
  /** What the last page leaves a reader with (analyzer 2.0.0), when its scores carry a verdict. */
  lastVerdict: { verdict: Verdict; drivers: string[]; confidence: number | null } | null;
  /**
   * Server mode, a page sent but its result not here yet: `loading` (the popup asks for it now), `pending` (the
   * server is still analysing it), `failed`, `gone` (forgotten meanwhile) or `unavailable` (the server could not
   * be asked: offline, an error). Null when there is nothing to fetch.
   */
  lastResult: 'loading' | 'pending' | 'failed' | 'gone' | 'unavailable' | null;
  queueLength: number;
  queueDropped: number;
  limitReached: boolean;
  dashboardUrl: string;
  /** Whether the person agreed on the consent page; nothing is captured before. */
  consented: boolean;
  /** The consent page (to read again, or to agree). */
  consentUrl: string;
  /** Why the last "Ignore this site" stayed on this browser, if it did. */
  ignoreNote: string | null;
  /** The reading goals at risk or over their limit (the badge's "!"), over first; empty when none or not connected. */
  goalAlerts: GoalAlert[];
}

const KINDS: readonly InternalKind[] = [
  'bridge',
  'captureCheck',
  'capture',
  'popupState',
  'lastResult',
  'ignoreSite',
  'pause',
  'setOnDevice',
  'refreshGoals',
  'moodOffer',
  'moodCheckIn',
  'moodDismiss',
  'switchPending',
  'switchDecision',
  'consent',
  'labelLinks',
  'labelEvents',
  'optionsState',
  'ignoredSiteAdd',
  'ignoredSiteRemove',
];

export function isInternalMessage(value: unknown): value is InternalMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    KINDS.includes((value as { kind?: unknown }).kind as InternalKind)
  );
}

/** Send an internal message to the background and get its typed reply. */
export async function sendInternal<K extends InternalKind>(
  browser: Pick<BrowserApi, 'runtime'>,
  message: InternalMessage<K>,
): Promise<InternalReply<K>> {
  return (await browser.runtime.sendMessage(message));
}
