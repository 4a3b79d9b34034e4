import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { readSqlFunctionFiles } from '../src/db/sql-functions.ts';

/**
 * Bundles src/server.ts into dist/server.js, and the analyzer thread (src/modules/analysis/analyze-thread.ts)
 * into dist/analyze-thread.js beside it, where the pool looks for it. Our workspace packages (@mediadiet/*)
 * export TypeScript source, so they are bundled in; every other package stays an import from node_modules.
 * The modules' SQL functions (`src/modules/<domain>/sql/*.sql`) are copied to `dist/modules/<domain>/sql/`,
 * where the bundle reads them at start (db/sql-functions.ts); a file removed from src leaves dist too.
 */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@mediadiet/') ? undefined : { path: args.path, external: true },
    );
  },
};

const serverRoot = fileURLToPath(new URL('..', import.meta.url));

await build({
  absWorkingDir: serverRoot,
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

const sqlOut = path.join(serverRoot, 'dist', 'modules');
await fs.rm(sqlOut, { recursive: true, force: true });
for (const file of await readSqlFunctionFiles(path.join(serverRoot, 'src', 'modules'))) {
  await fs.mkdir(path.dirname(path.join(sqlOut, file.name)), { recursive: true });
  await fs.writeFile(path.join(sqlOut, file.name), file.text);
}
