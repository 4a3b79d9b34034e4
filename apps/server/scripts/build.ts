import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

/**
 * Bundles src/server.ts into dist/server.js, and the analyzer thread (src/modules/analysis/analyze-thread.ts)
 * into dist/analyze-thread.js beside it, where the pool looks for it. Our workspace packages (@mediadiet/*)
 * export TypeScript source, so they are bundled in; every other package stays an import from node_modules.
 */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@mediadiet/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  absWorkingDir: fileURLToPath(new URL('..', import.meta.url)),
  entryPoints: { server: 'src/server.ts', 'analyze-thread': 'src/modules/analysis/analyze-thread.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalPackages],
  // Bundled CommonJS code (if any) may call require(), which ESM lacks.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'info',
});
