import * as z from 'zod';

/** Shared building blocks for the domain schemas. */

/** An opaque identifier (uuid, provider id, ...). */
export const IdSchema = z.string().min(1).max(200);
export type Id = z.infer<typeof IdSchema>;

/** An instant as an ISO-8601 string with offset (`2025-01-31T12:00:00.000Z`). */
export const IsoDateTimeSchema = z.iso.datetime({ offset: true });
export type IsoDateTime = z.infer<typeof IsoDateTimeSchema>;

/** An instant as whole unix seconds (subscriptions and invoices, spec §3). Multiply by 1000 for a JS Date. */
export const UnixSecondsSchema = z.number().int().nonnegative();
export type UnixSeconds = z.infer<typeof UnixSecondsSchema>;

/** An amount of money in US cents (plans, invoices). */
export const CentsSchema = z.number().int().nonnegative();
/** An amount of money in US dollars (pricing tiers, overage limits and rates). */
export const DollarsSchema = z.number().nonnegative();

/** The body of a successful call that returns nothing else. Every success body carries `success: true`. */
export const SuccessResponseSchema = z.object({ success: z.literal(true) });
export type SuccessResponse = z.infer<typeof SuccessResponseSchema>;

/** `success: true` + the given fields. */
export function successWith<T extends z.ZodRawShape>(shape: T) {
  return z.object({ success: z.literal(true), ...shape });
}
