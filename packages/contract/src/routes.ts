import type { z } from 'zod';
import type { RouteDef } from './http';
import { accountContract } from './routes/account';
import { analysisContract } from './routes/analysis';
import { authContract } from './routes/auth';
import { devContract } from './routes/dev';
import { devicesContract } from './routes/devices';
import { digestContract } from './routes/digest';
import { extensionContract } from './routes/extension';
import { goalsContract } from './routes/goals';
import { labelsContract } from './routes/labels';
import { paymentContract } from './routes/payment';
import { moodContract } from './routes/mood';
import { questionnaireContract } from './routes/questionnaire';
import { subscriptionContract } from './routes/subscription';
import { touchpointsContract } from './routes/touchpoints';
import { urlsContract } from './routes/urls';

/**
 * The HTTP contract: one contract per domain (`routes/<domain>.ts`, each keyed by operationId), composed here.
 * The server implements each domain whole (`implement` in apps/server/src/http/route.ts: a route without a
 * handler does not compile); the clients call the routes through `api` and `extraApi` below. Auth choices are
 * explained in docs/decisions/001-contract-shapes.md, the composition in 143-a-contract-per-domain.md.
 */
export const contract = {
  auth: authContract,
  account: accountContract,
  devices: devicesContract,
  urls: urlsContract,
  extension: extensionContract,
  touchpoints: touchpointsContract,
  analysis: analysisContract,
  goals: goalsContract,
  subscription: subscriptionContract,
  payment: paymentContract,
  questionnaire: questionnaireContract,
  mood: moodContract,
  labels: labelsContract,
  digest: digestContract,
  dev: devContract,
} as const;

export type Contract = typeof contract;
export type ContractDomain = keyof Contract;

/** Every route of every domain, keyed by operationId. */
export const routesById = {
  ...authContract,
  ...accountContract,
  ...devicesContract,
  ...urlsContract,
  ...extensionContract,
  ...touchpointsContract,
  ...analysisContract,
  ...goalsContract,
  ...subscriptionContract,
  ...paymentContract,
  ...questionnaireContract,
  ...moodContract,
  ...labelsContract,
  ...digestContract,
  ...devContract,
};

type RoutesById = typeof routesById;
export type OperationId = keyof RoutesById;
/** The operations of spec §7: the routes with a `specPath`. */
type SpecOperationId = {
  [K in OperationId]: RoutesById[K] extends { specPath: string } ? K : never;
}[OperationId];

function pick<K extends OperationId>(keep: (route: RouteDef) => boolean): Pick<RoutesById, K> {
  return Object.fromEntries(
    Object.entries(routesById).filter(([, route]) => keep(route as RouteDef)),
  ) as Pick<RoutesById, K>;
}

/** Every HTTP operation of spec §7, keyed by operationId (`path` is Fastify syntax, `specPath` the spec's). */
export const api = pick<SpecOperationId>((route) => route.specPath !== undefined);
/** The routes beyond spec §7 that the product needs (no `specPath`). */
export const extraApi = pick<Exclude<OperationId, SpecOperationId>>((route) => route.specPath === undefined);

export type Api = typeof api;
export type ExtraApi = typeof extraApi;

/** Exactly the 46 operations of spec §7, grouped by domain. */
export const specRoutes: RouteDef[] = Object.values(api);
/** Every HTTP operation the server serves: spec §7 plus the additional ones, grouped by domain. */
export const allRoutes: RouteDef[] = Object.values(routesById);

/** Anything a route can carry, for generic code that walks the schemas (OpenAPI, tests). */
export function routeSchemas(
  route: RouteDef,
): { part: 'params' | 'query' | 'body' | 'response'; schema: z.ZodType }[] {
  const parts: { part: 'params' | 'query' | 'body' | 'response'; schema: z.ZodType }[] = [];
  if (route.params) parts.push({ part: 'params', schema: route.params });
  if (route.query) parts.push({ part: 'query', schema: route.query });
  if (route.body) parts.push({ part: 'body', schema: route.body });
  parts.push({ part: 'response', schema: route.response });
  return parts;
}
