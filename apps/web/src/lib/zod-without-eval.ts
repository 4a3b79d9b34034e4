/**
 * zod compiles object parsers with `new Function` when it may, and probes for it on first use; under the
 * app's Content-Security-Policy (no 'unsafe-eval', docs/decisions/101) the probe is refused and reported as a
 * violation. zod reads its configuration from this global when it loads, so setting it here, before any
 * module that loads zod, makes it parse without generated code and never probe.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
