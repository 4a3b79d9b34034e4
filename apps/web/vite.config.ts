import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

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

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': decodeURIComponent(new URL('./src', import.meta.url).pathname) },
  },
  server: { port: 5173, strictPort: true, proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries that change rarely get their own long-cached chunks; screens stay lazy (router.tsx).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
          ],
        },
      },
    },
  },
});
