import {
  DisabledUrlsResponseSchema,
  TokenValidityResponseSchema,
  TouchpointStateResponseSchema,
  type TouchpointRequest,
} from '@mediadiet/contract/extension';
import { GoalsResponseSchema } from '@mediadiet/contract/goals';
import { LabelContextResponseSchema, type LabelCountsRequest } from '@mediadiet/contract/labels';
import {
  MoodCheckInResponseSchema,
  MoodTodayResponseSchema,
  type MoodCheckInRequest,
} from '@mediadiet/contract/mood';
import { UrlsResponseSchema } from '@mediadiet/contract/urls';
import { buildPath } from '@mediadiet/contract/http';
import { api, extraApi } from '@mediadiet/contract/routes';
import type { z } from 'zod';

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: string };

export const NETWORK_ERROR = 'Network error occurred';

/**
 * The link labels' two calls (decision 159), the contract's `labelContext` and `labelCounts` (extension key):
 * named here by method and path, as the server serves them.
 */
export const LABEL_ROUTES = {
  labelContext: { method: 'GET', path: '/api/labels/context' },
  labelCounts: { method: 'PUT', path: '/api/labels/counts' },
} as const;
const TIMEOUT_MS = 15_000;

/**
 * The extension's server calls, every one with the apiKey as bearer. Status 0 = no HTTP answer.
 * `onAnswer` is told of every call the server answered with success (the offline queue then goes at once).
 */
export function createApi(fetchFn: typeof fetch, apiBase: string, hooks: { onAnswer?: () => void } = {}) {
  async function call<S extends z.ZodType>(
    method: string,
    path: string,
    apiKey: string,
    schema: S | null,
    body?: unknown,
  ): Promise<ApiResult<z.infer<S>>> {
    let res: Response;
    try {
      res = await fetchFn(`${apiBase}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${apiKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      return { ok: false, status: 0, error: NETWORK_ERROR };
    }
    const json: unknown = await res.json().catch(() => undefined);
    if (res.ok) hooks.onAnswer?.();
    if (!res.ok) {
      const msg = (json as { error?: unknown; message?: unknown } | undefined) ?? {};
      const text = typeof msg.error === 'string' ? msg.error : typeof msg.message === 'string' ? msg.message : '';
      return { ok: false, status: res.status, error: text || `Request failed with status ${res.status}` };
    }
    if (!schema) return { ok: true, status: res.status, data: json as z.infer<S> };
    const parsed = schema.safeParse(json);
    if (!parsed.success) return { ok: false, status: res.status, error: 'Unexpected response from server' };
    return { ok: true, status: res.status, data: parsed.data };
  }

  return {
    /**
     * GET /readyz: is the server up with its database? No key, no page: the offline queue's cheap probe
     * (PROBE_DELAYS_MS in queue.ts).
     */
    ready: async (): Promise<boolean> => {
      try {
        const res = await fetchFn(`${apiBase}/readyz`, { signal: AbortSignal.timeout(5_000) });
        return res.ok;
      } catch {
        return false;
      }
    },
    /** POST /api/extension/verify — the freshly handed-over key switches the extension on. */
    verify: (apiKey: string) => call(api.extensionVerify.method, api.extensionVerify.path, apiKey, null),
    tokenValidity: (apiKey: string) =>
      call(api.extensionTokenValidity.method, api.extensionTokenValidity.path, apiKey, TokenValidityResponseSchema),
    disabled: (apiKey: string) =>
      call(api.extensionDisabled.method, api.extensionDisabled.path, apiKey, DisabledUrlsResponseSchema),
    /** POST /api/account/urls — the popup's "Ignore this site" adds the site to the account's list. */
    ignoreSite: (apiKey: string, domain: string) =>
      call(api.accountUrlsAdd.method, api.accountUrlsAdd.path, apiKey, UrlsResponseSchema, { url: domain }),
    touchpoint: (apiKey: string, body: TouchpointRequest) =>
      call(extraApi.extensionTouchpoints.method, extraApi.extensionTouchpoints.path, apiKey, null, body),
    /** GET /api/extension/touchpoints/:id — what became of an uploaded page (the popup's last analysis). */
    touchpointState: (apiKey: string, id: string) =>
      call(
        extraApi.extensionTouchpoint.method,
        buildPath(extraApi.extensionTouchpoint.path, { id }),
        apiKey,
        TouchpointStateResponseSchema,
      ),
    /** GET /api/goals — the account's reading goals and their progress (the badge and the popup's goal line). */
    goals: (apiKey: string) => call(extraApi.goalsList.method, extraApi.goalsList.path, apiKey, GoalsResponseSchema),
    /** GET /api/mood/today — whether today's mood check-in exists (no score, no note), and which day today is. */
    moodToday: (apiKey: string) =>
      call(extraApi.moodToday.method, extraApi.moodToday.path, apiKey, MoodTodayResponseSchema),
    /** POST /api/mood — the popup's check-in, sent only when the person taps a mood. */
    moodCheckIn: (apiKey: string, body: MoodCheckInRequest) =>
      call(extraApi.moodCheckIn.method, extraApi.moodCheckIn.path, apiKey, MoodCheckInResponseSchema, body),
    /**
     * GET /api/labels/context — the personality profile's sensitivities and the person's verdicts of the pages
     * they read lately, for labelling links on the device. Nothing of a labelled page is sent.
     */
    labelContext: (apiKey: string) =>
      call(LABEL_ROUTES.labelContext.method, LABEL_ROUTES.labelContext.path, apiKey, LabelContextResponseSchema),
    /** PUT /api/labels/counts — this browser's totals of labels shown and opened per day (counts only). */
    labelCounts: (apiKey: string, body: LabelCountsRequest) =>
      call(LABEL_ROUTES.labelCounts.method, LABEL_ROUTES.labelCounts.path, apiKey, null, body),
  };
}

export type Api = ReturnType<typeof createApi>;
