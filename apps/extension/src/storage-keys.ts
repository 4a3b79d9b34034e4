import type { AnalysisScores, Verdict } from '@mediadiet/contract/analysis';
import type { CategoryId } from '@mediadiet/contract/categories';
import type { TouchpointRequest } from '@mediadiet/contract/extension';
import type { LabelDays } from './labels/counts';

/** Every chrome.storage.local key the extension uses, declared once with its value type. */
export const STORAGE_KEYS = {
  apiKey: 'apiKey',
  userId: 'userId',
  connectedAt: 'connectedAt',
  /** Set when the server refused the key (401) so the popup can say "reconnect". */
  connectionError: 'connectionError',
  settings: 'settings',
  queue: 'queue',
  /** Items the bounded queue had to drop (oldest first), for the popup. */
  queueDropped: 'queueDropped',
  /** Retry state: consecutive failures and the next attempt time. */
  queueRetry: 'queueRetry',
  /** url + content hash → capture time (ms), for the 30-minute de-dup window. */
  recent: 'recent',
  lastAnalysisByTab: 'lastAnalysisByTab',
  /** The server's list (user's + default protected) and when it was fetched. */
  disabled: 'disabled',
  /**
   * Sites ignored from the popup on this browser only: from before the popup added them to the account's list,
   * or when the account could not be reached. Still honoured.
   */
  localIgnored: 'localIgnored',
  /** When the person agreed on the consent page, and to which version of it (decision 115). */
  consent: 'consent',
  /** Why the popup's last "Ignore this site" stayed on this browser (the account could not be reached). */
  ignoreNote: 'ignoreNote',
  /** Set on a 402 (analysis cap reached): the popup shows the limit message. */
  limitReachedAt: 'limitReachedAt',
  /**
   * A CONNECT_EXTENSION for another account than the paired one, waiting for the person to confirm it on the
   * extension's own page (confirm/confirm.html); never used before that.
   */
  pendingSwitch: 'pendingSwitch',
  /**
   * The account's reading goals that are at risk or over their limit, as the server last answered (the toolbar
   * badge and the popup's goal line; decision 157).
   */
  goals: 'goals',
  /** The day (the server's) the person put the popup's mood check-in off with "Not today". */
  moodDismissedDay: 'moodDismissedDay',
  /** The link labels' settings (`LABELS_STORAGE_KEY`, read with `readLabelSettings`): the popup and options page write them. */
  labels: 'labels',
  /**
   * Pages the person read and their verdicts, by page key (labels/url.ts), newest LABEL_VISITED_MAX kept: a link to
   * one of them is labelled with the person's own verdict (decision 159).
   */
  labelVisited: 'labelVisited',
  /** The personality profile's sensitivities for labels, and when the server was last asked (GET /api/labels/context). */
  labelContext: 'labelContext',
  /** Labels shown and labelled links opened per local day (counts only), until the server has them. */
  labelCounts: 'labelCounts',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export interface Settings {
  onDevice: boolean;
  /** ms since epoch; capture is paused until then (0 = not paused). */
  pausedUntil: number;
  dwellMs: number;
}

export interface QueueItem {
  request: TouchpointRequest;
  /** url + hash key of the capture, for logs/tests. */
  key: string;
  attempts: number;
}

export interface LastAnalysis {
  url: string;
  title: string;
  at: number;
  mode: 'device' | 'server';
  /**
   * Device mode: scored here. Server mode: filled in once the server has analysed the page (the popup asks for it
   * with `analysisId`, GET /api/extension/touchpoints/:id).
   */
  scores?: AnalysisScores;
  status: 'queued' | 'sent' | 'limit' | 'error';
  /** The id the upload answered (also the analysis' id): the popup fetches the server's result with it. */
  analysisId?: string;
  /** The server's last word on a sent page when it has no result to show: it failed, or is gone (forgotten). */
  result?: 'failed' | 'gone';
}

/** A reading goal at risk or over its limit, in the server's words (decision 157). */
export interface GoalAlert {
  /** The goal's key (`goalKey`): its kind, and the site for a daily site goal. */
  key: string;
  status: 'at_risk' | 'broken';
  /** The server's sentence naming the goal and its progress: "Pages from reddit.com: 4 today (goal: at most 5)". */
  sentence: string;
}

export interface GoalsState {
  /** Broken goals first, then those at risk; empty when every goal is on track or met (or there are none). */
  alerts: GoalAlert[];
  /** When the server answered (ms). */
  fetchedAt: number;
}

export interface PendingSwitch {
  apiKey: string;
  /** The account the key belongs to, as the server says (never the page's claim). */
  userId: string;
  requestedAt: number;
}

export interface StorageShape {
  pendingSwitch: PendingSwitch;
  apiKey: string;
  userId: string;
  connectedAt: number;
  connectionError: string;
  settings: Settings;
  queue: QueueItem[];
  queueDropped: number;
  queueRetry: { failures: number; nextAt: number };
  recent: Record<string, number>;
  lastAnalysisByTab: Record<string, LastAnalysis>;
  /** `account`: the account's own list (without the default protected sites), for the options page. */
  disabled: { domains: string[]; fetchedAt: number; account?: string[] };
  localIgnored: string[];
  consent: { agreedAt: number; version: number };
  ignoreNote: string;
  limitReachedAt: number;
  goals: GoalsState;
  moodDismissedDay: string;
  /** Raw: read it with `readLabelSettings`. */
  labels: unknown;
  labelVisited: Record<string, VisitedPage>;
  labelContext: LabelContextState;
  labelCounts: LabelDays;
}

/** A page the person read, by its page key: their verdict of it and when it was known here (ms). */
export interface VisitedPage {
  verdict: Verdict;
  drivers: CategoryId[];
  at: number;
}

/** What the server said for labels: the sensitivities (null without Premium or a profile) and when (ms). */
export interface LabelContextState {
  sensitivities: Partial<Record<CategoryId, number>> | null;
  fetchedAt: number;
}
