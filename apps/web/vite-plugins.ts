import { readFileSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Plugin, Rolldown } from 'vite';

/**
 * Build-only plugins that decide what a page loads (docs/decisions/073-route-javascript-budget.md), and the
 * helper that bakes the validated configuration into the bundle. Used by vite.config.ts.
 */

/**
 * React Router ships one module whose top level sets `X.displayName = "X"` on its components and contexts.
 * Those assignments count as side effects, so every component in it (NavLink, Form, ScrollRestoration, …)
 * stays in the bundle though the app never uses it. The names only serve React DevTools: a production
 * build drops them and marks the module-level `React.forwardRef`/`memo`/`createContext` calls pure, so
 * tree-shaking keeps only what the app imports (docs/decisions/073-route-javascript-budget.md).
 */
export function treeShakeReactRouter(): Plugin {
  return {
    name: 'mediadiet:tree-shake-react-router',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/].+\.mjs$/ },
      handler(code) {
        const out = code
          .replace(/^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm, '')
          .replace(
            /^(var [A-Za-z_$][\w$]* = )(React\w*\.(?:forwardRef|memo|createContext)\()/gm,
            '$1/* @__PURE__ */ $2',
          );
        return out === code ? null : { code: out, map: null };
      },
    },
  };
}

/**
 * zod's classic API gives every schema a JSON-Schema conversion: each schema class's constructor sets
 * `_zod.processJSONSchema` to a function of zod's JSON-Schema processors, and the shared prototype has
 * `toJSONSchema()` and `~standard.jsonSchema`. Those references keep zod's whole JSON-Schema generator
 * (most of `json-schema-processors.js`, `to-json-schema.js`: 18 kB, 5 kB gzip) in every chunk that parses, though
 * the web app never converts a schema (the server does, for its OpenAPI document; lint forbids it in the app).
 * A production build drops the three, so tree-shaking drops the generator. Throws when zod's file no longer
 * has that shape, so an upgrade is looked at rather than silently keeping the generator.
 */
export function dropZodJsonSchema(): Plugin {
  return {
    name: 'mediadiet:drop-zod-json-schema',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]node_modules[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/ },
      handler(code, id) {
        const hooks = code.match(/^\s*inst\._zod\.processJSONSchema = .*$/gm) ?? [];
        const out = code
          .replace(
            /^\s*inst\._zod\.processJSONSchema = \(ctx, json, params\) => processors\.\w+\(inst, ctx, json, params\);\n/gm,
            '',
          )
          .replace(
            /\n\s*jsonSchema: \{\n\s*input: createStandardJSONSchemaMethod\(this, "input"\),\n\s*output: createStandardJSONSchemaMethod\(this, "output"\),\n\s*\},/,
            '',
          )
          .replace(
            /\n\s*toJSONSchema\(params\) \{\n\s*return createToJSONSchemaMethod\(this, \{\}\)\(params\);\n\s*\},/,
            '',
          );
        // What stays of the processors' module is `aggregateChecks` (the `.minLength`, `.format` … getters).
        const left =
          /processJSONSchema|(?<![\w-])processors\.(?!aggregateChecks\()|create\w*JSONSchemaMethod\(/.exec(
            out,
          );
        if (hooks.length === 0 || left) {
          throw new Error(
            `dropZodJsonSchema: ${id} no longer has the expected shape (${left ? `"${left[0]}" left` : 'no processJSONSchema'}); update the plugin for this zod version`,
          );
        }
        return { code: out, map: null };
      },
    },
  };
}

interface AstNode {
  type: string;
  start: number;
  end: number;
  declaration?: AstNode | null;
  declarations?: { init?: AstNode | null }[];
  kind?: string;
}

/** Initializers that are values already: nothing to evaluate, nothing to mark. */
const INERT = new Set([
  'Literal',
  'Identifier',
  'ArrowFunctionExpression',
  'FunctionExpression',
  'TemplateLiteral',
]);

/**
 * The contract is declarations only: zod schemas, route tables, constants, pure functions. A schema built
 * with a method chain (`z.string().trim().min(1)`) or a helper (`requiredEmail(…)`) does not look pure to
 * the bundler, so importing one constant from a contract module (`LOGIN_PATH` from `auth.ts`) would keep
 * every schema of that module, and zod with them. This marks each top-level `const` initializer of
 * `packages/contract/src` as pure — `/* @__PURE__ *\/ (() => init)()`, same evaluation order — so unused
 * schemas are dropped and a page that parses nothing loads no zod (docs/decisions/073). Only inserts text
 * inside lines, so the previous source map stays valid line by line.
 */
export function pureContractDeclarations(): Plugin {
  return {
    name: 'mediadiet:pure-contract-declarations',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]packages[\\/]contract[\\/]src[\\/][^\\/]+\.ts$/ },
      handler(code) {
        const program = this.parse(code, { lang: 'ts' }) as unknown as { body: AstNode[] };
        const inits: AstNode[] = [];
        for (const statement of program.body) {
          const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
          if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
          for (const { init } of declaration.declarations ?? []) {
            if (init && !INERT.has(init.type)) inits.push(init);
          }
        }
        if (inits.length === 0) return null;
        let out = code;
        for (const init of inits.sort((a, b) => b.start - a.start)) {
          out = `${out.slice(0, init.start)}/* @__PURE__ */ (() => (${out.slice(init.start, init.end)}))()${out.slice(init.end)}`;
        }
        return { code: out, map: null };
      },
    },
  };
}

/** A JavaScript literal of a JSON-like value that keeps `undefined` members (JSON.stringify drops them). */
export function toLiteral(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(toLiteral).join(',')}]`;
  return `{${Object.entries(value)
    .map(([key, member]) => `${JSON.stringify(key)}:${toLiteral(member)}`)
    .join(',')}}`;
}

/**
 * The two apps main.tsx may start: the sign-in page alone (a first visit to `/auth/login` without a
 * session) and the full app (anything else).
 */
const LOGIN_APP_MODULE = 'src/app/login-app.tsx';
const FULL_APP_MODULE = 'src/app/app.tsx';
const LOGIN_APP_PATH = '/auth/login';

/** Which screen module of the full app a first visit to each address needs, and for whom (router.tsx's tree). */
const ROUTE_MODULES: { path: string; module: string; session: 'any' | 'signed-in' | 'signed-out' }[] = [
  { path: '/', module: 'src/app/routes/landing.tsx', session: 'any' },
  { path: '/auth/dashboard', module: 'src/app/routes/auth/dashboard.tsx', session: 'signed-in' },
  { path: '/subscription', module: 'src/app/routes/subscription.tsx', session: 'signed-in' },
  { path: '/terms', module: 'src/app/routes/terms.tsx', session: 'any' },
  { path: '/privacy', module: 'src/app/routes/privacy.tsx', session: 'any' },
];

/**
 * The entry (main.tsx) loads one of two apps, and the full app's screens are lazy (router.tsx), so a first
 * visit would fetch the entry, run it, ask for the app, run it, and only then ask for the screen's code.
 * This adds a tiny inline script to index.html that starts `<link rel=modulepreload>` at once for what the
 * address being opened needs, given the session state (the `authToken` key, read from the contract's
 * constants): the sign-in page's chunks for `/auth/login` signed out; otherwise the full app's and the
 * screen's (when its session condition holds). Chunks index.html already loads are left out.
 */
export function preloadScreenChunks(): Plugin {
  const constants = readFileSync(
    new URL('../../packages/contract/src/constants.ts', import.meta.url),
    'utf8',
  );
  const tokenKey = /export const AUTH_TOKEN_KEY = '([^']+)'/.exec(constants)?.[1];
  if (!tokenKey) throw new Error('AUTH_TOKEN_KEY not found in packages/contract/src/constants.ts');
  let base = '/';
  return {
    name: 'mediadiet:preload-screen-chunks',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter(
          (item): item is Rolldown.OutputChunk => item.type === 'chunk',
        );
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const entry = chunks.find((chunk) => chunk.isEntry);
        const already = new Set<string>(entry ? [entry.fileName, ...entry.imports] : []);
        const closure = (fileName: string, into: Set<string>) => {
          if (into.has(fileName) || already.has(fileName)) return;
          into.add(fileName);
          for (const dep of byFile.get(fileName)?.imports ?? []) closure(dep, into);
        };
        const appFiles = (module: string) => {
          const chunk = chunks.find((item) => item.isDynamicEntry && item.facadeModuleId?.endsWith(module));
          if (!chunk) throw new Error(`preloadScreenChunks: no chunk for ${module}`);
          const files = new Set<string>();
          closure(chunk.fileName, files);
          return files;
        };
        const loginApp = [...appFiles(LOGIN_APP_MODULE)];
        const fullApp = appFiles(FULL_APP_MODULE);
        const table: Record<string, { s: string; f: string[] }> = {};
        for (const route of ROUTE_MODULES) {
          const chunk = chunks.find(
            (item) => item.isDynamicEntry && item.facadeModuleId?.endsWith(route.module),
          );
          if (!chunk) continue;
          const files = new Set<string>();
          closure(chunk.fileName, files);
          table[route.path] = { s: route.session, f: [...files].filter((file) => !fullApp.has(file)) };
        }
        const script =
          `(function(){var t=${JSON.stringify(table)},l=${JSON.stringify(loginApp)},a=${JSON.stringify([...fullApp])},` +
          `p=location.pathname.replace(/\\/+$/,'')||'/',r=t[p],s;` +
          `try{s=!!localStorage.getItem(${JSON.stringify(tokenKey)})}catch(e){s=false}` +
          `var f=p===${JSON.stringify(LOGIN_APP_PATH)}&&!s?l:a.concat(r&&!(r.s==='signed-in'&&!s||r.s==='signed-out'&&s)?r.f:[]);` +
          `f.forEach(function(f){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=${JSON.stringify(base)}+f;document.head.appendChild(l)})})()`;
        return { html, tags: [{ tag: 'script', children: script, injectTo: 'head' }] };
      },
    },
  };
}

interface ImportNode extends AstNode {
  source: { value: string };
  importKind?: string;
  specifiers: {
    type: string;
    importKind?: string;
    imported?: { name?: string; value?: string };
    local: { name: string };
  }[];
}

/**
 * A module's graph decides what a page loads: a screen that imports `LOGIN_PATH` from the contract's
 * `auth.ts` puts that module — with every schema of it that any other screen uses, and zod — into its
 * own chunk. Where an app module imports only literal constants (strings, numbers, booleans) from a
 * contract module, this replaces the import with the values, read from the contract's source at build
 * time: the contract stays the one place they are declared, and the importer no longer depends on the
 * module (docs/decisions/073). Tests and the dev server import the contract as usual.
 */
export function inlineContractLiterals(): Plugin {
  const literalsByFile = new Map<string, Map<string, string>>();
  const literalsOf = (file: string, parse: (code: string) => unknown) => {
    let literals = literalsByFile.get(file);
    if (literals) return literals;
    literals = new Map();
    const source = readFileSync(file, 'utf8');
    for (const statement of (parse(source) as { body: AstNode[] }).body) {
      if (
        statement.type !== 'ExportNamedDeclaration' ||
        statement.declaration?.type !== 'VariableDeclaration'
      )
        continue;
      if (statement.declaration.kind !== 'const') continue;
      for (const declarator of statement.declaration.declarations ?? []) {
        const { id, init } = declarator as {
          id?: { type: string; name: string };
          init?: AstNode & { value?: unknown };
        };
        if (id?.type !== 'Identifier' || init?.type !== 'Literal') continue;
        if (!['string', 'number', 'boolean'].includes(typeof init.value)) continue;
        literals.set(id.name, JSON.stringify(init.value));
      }
    }
    literalsByFile.set(file, literals);
    return literals;
  };
  return {
    name: 'mediadiet:inline-contract-literals',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]apps[\\/]web[\\/]src[\\/].+\.[jt]sx?$/, code: '@mediadiet/contract/' },
      async handler(code, id) {
        const program = this.parse(code) as unknown as { body: AstNode[] };
        const edits: { start: number; end: number; text: string }[] = [];
        for (const statement of program.body) {
          if (statement.type !== 'ImportDeclaration') continue;
          const node = statement as ImportNode;
          if (!node.source.value.startsWith('@mediadiet/contract/') || node.importKind === 'type') continue;
          const resolved = await this.resolve(node.source.value, id);
          if (!resolved || !/\.ts$/.test(resolved.id)) continue;
          const literals = literalsOf(resolved.id, (source) => this.parse(source, { lang: 'ts' }));
          const values = node.specifiers.filter((spec) => spec.importKind !== 'type');
          if (values.length === 0) continue;
          const inlined = values.map((spec) => {
            const imported =
              spec.type === 'ImportSpecifier' ? (spec.imported?.name ?? spec.imported?.value) : undefined;
            const value = imported ? literals.get(imported) : undefined;
            return value === undefined ? null : `const ${spec.local.name} = ${value};`;
          });
          if (inlined.some((line) => line === null)) continue;
          edits.push({ start: statement.start, end: statement.end, text: inlined.join(' ') });
        }
        if (edits.length === 0) return null;
        let out = code;
        for (const edit of edits.sort((a, b) => b.start - a.start)) {
          out = `${out.slice(0, edit.start)}${edit.text}${out.slice(edit.end)}`;
        }
        return { code: out, map: null };
      },
    },
  };
}

/** Text files worth compressing; images and fonts are compressed already, source maps are not served. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|ico)$/;
/** Below this a compressed copy saves less than a packet and costs a file lookup. */
const COMPRESS_MIN_BYTES = 1024;

/**
 * Writes `file.br` (Brotli, quality 11) and `file.gz` (gzip, level 9) beside every compressible file of the
 * build, kept only where smaller, so the server sends them as they are (apps/server/src/plugins/web.ts,
 * `preCompressed`; deploy/nginx.conf `gzip_static`) instead of compressing on every request or not at
 * all (decision 139). Build time, once: maximum compression costs nothing at request time.
 */
export function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = '';
  return {
    name: 'mediadiet:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          if (!(await stat(full)).isFile()) return;
          const raw = await readFile(full);
          if (raw.length < COMPRESS_MIN_BYTES) return;
          const [br, gzipped] = await Promise.all([
            brotli(raw, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
                [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
              },
            }),
            gz(raw, { level: zlib.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < raw.length) await writeFile(`${full}.br`, br);
          if (gzipped.length < raw.length) await writeFile(`${full}.gz`, gzipped);
        }),
      );
    },
  };
}
