import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, loadEnv, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { parseEnv } from './src/config/env-schema.ts';
import {
  dropZodJsonSchema,
  inlineContractLiterals,
  precompress,
  preloadScreenChunks,
  pureContractDeclarations,
  toLiteral,
  treeShakeReactRouter,
} from './vite-plugins.ts';

/** The API server in development (`npm run dev -w apps/server`). */
const API_ORIGIN = 'http://localhost:3000';

/**
 * `/auth/*` belongs to the server (`POST /auth/pin`, `GET /auth/google`, …) except these paths, which are
 * screens of this SPA: a GET navigation to one of them is answered with index.html instead of proxied.
 */
const SPA_AUTH_PATHS = new Set(['/auth/login', '/auth/register', '/auth/dashboard']);

const toApi: ProxyOptions = { target: API_ORIGIN, changeOrigin: false };

const proxy: Record<string, ProxyOptions> = {
  '/api': toApi,
  '/healthz': toApi,
  '/readyz': toApi,
  '/dev': toApi,
  '/socket.io': { ...toApi, ws: true },
  '/auth': {
    ...toApi,
    bypass(req) {
      const pathname = (req.url ?? '').split('?')[0]?.replace(/\/+$/, '') ?? '';
      if (req.method === 'GET' && SPA_AUTH_PATHS.has(pathname)) return '/index.html';
      return undefined;
    },
  },
};

const webRoot = decodeURIComponent(new URL('.', import.meta.url).pathname);

/**
 * React Router's package exports only its development build (`dist/development`, with its dev warnings
 * on); the production build beside it is the same code with `ENABLE_DEV_WARNINGS = false`. Builds use it.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command, mode }) => ({
  // The configuration is validated here, once, and baked in (src/config/env.ts): a bad VITE_* value stops
  // the dev server, the build and the tests with a message naming the variable.
  define: { __WEB_ENV__: toLiteral(parseEnv(loadEnv(mode, webRoot, 'VITE_'))) },
  plugins: [
    react(),
    tailwindcss(),
    treeShakeReactRouter(),
    dropZodJsonSchema(),
    pureContractDeclarations(),
    inlineContractLiterals(),
    preloadScreenChunks(),
    precompress(),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: decodeURIComponent(new URL('./src', import.meta.url).pathname) },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  server: { port: 5173, strictPort: true, proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Every browser the build targets preloads modules itself; the polyfill would only cost bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Libraries that change rarely get their own long-cached chunks; screens stay lazy (router.tsx).
        // `react`: what every page runs. `vendor`: React Router and TanStack Query, which the full app runs and
        // the signed-out sign-in page does not. `catalogue`: the contract's zod-free messages and constants, which
        // every page reads. `schemas`: zod and the contract's schema modules, which only pages that talk to
        // the server load (docs/decisions/073); with everything they import, so its size is checked
        // (src/app/route-budget.test.ts, decision 166).
        codeSplitting: {
          groups: [
            {
              name: 'catalogue',
              test: /packages[\\/]contract[\\/]src[\\/](constants|messages)\.ts$/,
              priority: 3,
            },
            {
              // React itself: every page, the router-free sign-in page included (app/login-app.tsx).
              name: 'react',
              priority: 2,
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
            },
            {
              // The full app's data layer: React Router and TanStack Query (app/app.tsx).
              name: 'vendor',
              priority: 2,
              test: /node_modules[\\/](react-router|@tanstack[\\/][^\\/]+)[\\/]/,
            },
            {
              // The signed-in shell's parts (header menu and LED, the extension connection's calls): one
              // file instead of a dozen small ones, fetched together when a session exists.
              name: 'signed-in',
              priority: 1,
              includeDependenciesRecursively: false,
              test: /src[\\/](app[\\/]layout[\\/]user-menu|components[\\/]ui[\\/](dropdown-menu|modal)|features[\\/]extension[\\/](components[\\/](extension-status-led|extension-wizard)|api[\\/](connection-calls|disconnect-extension|get-extension-auth|record-installation)|utils[\\/]paths)|lib[\\/](extension-bridge|browser))\.tsx?$/,
            },
            {
              // Radix's shared base (what tabs, collapsible and slider build on) in one file; the menu and
              // dialog layers (popper, focus scope, scroll lock) stay with the lazy menu and dialog.
              name: 'radix',
              priority: 1,
              includeDependenciesRecursively: false,
              test: /node_modules[\\/]@radix-ui[\\/](primitive|number|react-(collection|roving-focus|presence|slot|context|primitive|compose-refs|id|direction|use-[a-z-]+))[\\/]/,
            },
            {
              name: 'schemas',
              priority: 1,
              test: /node_modules[\\/]zod[\\/]|packages[\\/]contract[\\/]src[\\/](?!constants\.ts|messages\.ts)/,
            },
          ],
        },
      },
    },
  },
}));
