import { createHash } from 'node:crypto';

/**
 * The browser-side protections of the web app (decision 101): a strict Content-Security-Policy on its HTML, so
 * an injected script cannot run (the session token lives in localStorage, as the spec's `authToken`), and HSTS
 * when the product is served over https.
 */

/** Stripe.js and its frames, allowed only when Stripe is the payment provider. */
const STRIPE = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

/** One year, the preload lists' minimum. */
export const HSTS_MAX_AGE_S = 31_536_000;

/** `sha256-…` sources of every inline `<script>` of an HTML page (Vite's build adds one: the chunk preloader). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  const pattern = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
  for (let match = pattern.exec(html); match; match = pattern.exec(html)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (/\bsrc\s*=/i.test(attributes) || body.length === 0) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

export interface CspOptions {
  /** PUBLIC_URL: its host also serves socket.io (ws:// or wss://). */
  publicUrl: string;
  /** Stripe is the payment provider (STRIPE_SECRET_KEY): Stripe.js, its frames and API are allowed. */
  stripe: boolean;
  /** Hash sources of the page's inline scripts. */
  scriptHashes: readonly string[];
}

/** The Content-Security-Policy header of the web app's HTML. */
export function contentSecurityPolicy(options: CspOptions): string {
  const url = new URL(options.publicUrl);
  const socket = `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`;
  const stripe = options.stripe;
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...options.scriptHashes, ...(stripe ? STRIPE.script : [])]],
    // Libraries (toasts, dialogs, Radix) insert <style> elements and style attributes; no script can run from a
    // style, and scripts stay strict.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...(stripe ? STRIPE.img : [])]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", socket, ...(stripe ? STRIPE.connect : [])]],
    ['frame-src', stripe ? STRIPE.frame : ["'none'"]],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['form-action', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** `Strict-Transport-Security` when the product's address is https, else null. */
export function strictTransportSecurity(publicUrl: string): string | null {
  return new URL(publicUrl).protocol === 'https:' ? `max-age=${HSTS_MAX_AGE_S}; includeSubDomains` : null;
}
