/** The current time. Services take a clock so tests can move time (PIN expiry, session timeouts). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
