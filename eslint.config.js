// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';

/**
 * The web app's boundaries (bulletproof-react's `import/no-restricted-paths` zones, decision 138), kept with
 * ESLint's own rules: imports go through the `@/` alias only (no `../`), so a path names its layer.
 * - `features/<f>` imports neither another feature nor `app/`; routes in `app/` compose features.
 * - `components/`, `lib/`, `config/` (shared code) import neither `features/` nor `app/`.
 * Static imports are checked by `no-restricted-imports`, `import()` by `no-restricted-syntax`.
 */
const webSrc = 'apps/web/src';
const webFeatures = readdirSync(new URL(`./${webSrc}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** @param {string} regex @param {string} message */
function webBoundary(regex, message) {
  return {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { regex, message },
          { regex: '(^|/)\\.\\./', message: 'Import through the @/ alias, so the path names its layer.' },
        ],
      },
    ],
    'no-restricted-syntax': [
      'error',
      { selector: `ImportExpression > Literal[value=/${regex.replaceAll('/', '\\/')}/]`, message },
    ],
  };
}

const webBoundaries = [
  ...webFeatures.map((feature) => ({
    files: [`${webSrc}/features/${feature}/**/*.{ts,tsx}`],
    rules: webBoundary(
      `^@/(app|features/(?!${feature}/))`,
      `features/${feature} imports neither another feature nor app/: move shared code down to lib/ or components/, or compose in app/.`,
    ),
  })),
  {
    files: [`${webSrc}/{components,lib,config}/**/*.{ts,tsx}`],
    rules: webBoundary(
      '^@/(app|features)(/|$)',
      'Shared code (components/, lib/, config/) imports neither features/ nor app/.',
    ),
  },
];

/**
 * How import-x reads the code: the files it parses (TypeScript and JavaScript), and how it finds the file behind
 * an import: Node's resolution with TypeScript's extensions (the extension and the packages import without one)
 * and, given the web app's tsconfig, its `@/` alias.
 * @param {string} [tsconfig]
 */
function importSettings(tsconfig) {
  const resolver = createNodeResolver({
    extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
    ...(tsconfig ? { tsconfig: { configFile: new URL(tsconfig, import.meta.url).pathname } } : {}),
  });
  return { 'import-x/extensions': ['.ts', '.tsx', '.mjs', '.js'], 'import-x/resolver-next': [resolver] };
}

/** The server's product modules (apps/server/src/modules/<domain>). */
const serverModules = readdirSync(new URL('./apps/server/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serverSrc = 'apps/server/src';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'bench/results/**',
      '**/drizzle/**',
      '**/*.config.js',
      '**/*.config.mjs',
      'scripts/**',
      '**/*.mjs',
      '.ci/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/only-throw-error': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/extension/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  ...webBoundaries,
  {
    // The server's boundaries (docs/architecture.md): infrastructure (plugins/) never imports a product module;
    // a module reads another module's data through that module's service, never its repository (cycles: below).
    files: [`${serverSrc}/**/*.ts`],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: `${serverSrc}/plugins`,
              from: `${serverSrc}/modules`,
              message: 'plugins/ is infrastructure: it never imports a product module (src/modules).',
            },
            ...['db', 'http', 'lib', 'config'].map((folder) => ({
              target: `${serverSrc}/${folder}`,
              from: [`${serverSrc}/modules`, `${serverSrc}/plugins`],
              message: `${folder}/ is shared infrastructure: it imports neither plugins nor modules.`,
            })),
            ...serverModules.map((name) => ({
              target: `${serverSrc}/modules/${name}`,
              from: serverModules
                .filter((other) => other !== name)
                .map((other) => `${serverSrc}/modules/${other}/**/*repository.ts`),
              message: "A module reaches another module's data through that module's service, never its repository.",
            })),
          ],
        },
      ],
    },
  },
  {
    // A module's routes are bound through `implement` (decision 143), which fails to compile when a contract
    // route has no handler; `registerRoute` binds one route and is for the HTTP layer's own tests.
    files: [`${serverSrc}/modules/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/http/route.ts', '**/http/route'],
              importNames: ['registerRoute'],
              message: 'Bind a module\'s routes with implement(app, contract.<domain>, handlers) (decision 143).',
            },
          ],
        },
      ],
    },
  },
  {
    // The contract and the extension import zod as a namespace: `import { z }` keeps all of zod in a bundle,
    // its 40 locales included (a background.js twice the size; decision 161).
    files: ['packages/contract/src/**/*.ts', 'apps/extension/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier[imported.name='z'][importKind!='type']",
          message: "Import zod as a namespace (import * as z from 'zod'), so the bundle keeps only what is used.",
        },
      ],
    },
  },
  {
    // The web app's production build drops zod's JSON-Schema conversion (vite-plugins.ts `dropZodJsonSchema`,
    // decision 166): a schema's `toJSONSchema()` or `z.toJSONSchema(…)` would not work in the built app.
    files: [`${webSrc}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          property: 'toJSONSchema',
          message: 'The web build drops zod\'s JSON-Schema conversion (decision 166); the server serves the schemas (OpenAPI).',
        },
      ],
    },
  },
  {
    // No import cycles anywhere (issue 27): every TypeScript file of the apps, packages, e2e and bench. Type-only
    // imports do not count (they leave no runtime edge); lazy `import()`s do. import-x reads only the files whose
    // extension `import-x/extensions` names (JavaScript alone by default, which left TypeScript unchecked).
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: importSettings(),
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The web app's imports go through its `@/` alias (apps/web/tsconfig.json `paths`).
    files: [`${webSrc}/**/*.{ts,tsx}`],
    settings: importSettings('./apps/web/tsconfig.json'),
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', 'e2e/**', 'bench/**', '**/scripts/**'],
    rules: {
      'no-console': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
