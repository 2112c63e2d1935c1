// @ts-check
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * Layering (enforced below with no-restricted-imports / no-restricted-globals):
 *
 *   src/core/    pure TypeScript shared by the app, the worker and the CLI: no React, zustand,
 *                @tanstack/*, no imports from src/app or src/worker, no DOM globals.
 *   src/worker/  the Web Worker: may import src/core, never src/app (nor React).
 *   src/app/     the React UI: may import src/core, and from src/worker ONLY the message types in
 *                `src/worker/protocol/` and the main-thread wrapper `src/worker/client.ts`
 *                (which is the one place that constructs the Worker). Everything else in src/worker
 *                is worker-internal.
 *   src/cli/     the Node CLI: may import src/core, never src/app or src/worker.
 *   Everywhere in src/: no import cycles (import-x/no-cycle). src/core: no `node:*` modules.
 *
 * `npm run check` runs eslint with --max-warnings 0: a warning fails it like an error.
 */

/** Import specifiers that resolve into src/<dir>, whether written relative or via a `src/` path. */
const intoDir = (dir) => `^(\\.{1,2}/(.*/)?|(.*/)?src/)${dir}(/|$)`;

const reactishImports = [
  { group: ['react', 'react/*', 'react-dom', 'react-dom/*'], message: 'src/core must stay UI-free.' },
  { group: ['zustand', 'zustand/*'], message: 'src/core must stay UI-free: state stores belong in src/app.' },
  { group: ['@tanstack/*'], message: 'src/core must stay UI-free.' },
];

/** Node's built-ins, by `node:` name or bare (src/core runs in browsers and workers too). */
const nodeImports = [
  {
    group: ['node:*'],
    message: 'src/core runs in the browser, the worker and Node alike: Node APIs belong in src/cli.',
  },
  {
    regex:
      '^(fs|path|os|url|crypto|child_process|http|https|net|stream|zlib|worker_threads|util|buffer|events)(/.*)?$',
    message: 'src/core runs in the browser, the worker and Node alike: Node APIs belong in src/cli.',
  },
];

const domGlobals = [
  'window',
  'document',
  'localStorage',
  'sessionStorage',
  'navigator',
  'HTMLElement',
  'location',
  'indexedDB',
].map((name) => ({
  name,
  message: `src/core runs in the browser, the worker and Node alike: no DOM globals (${name}).`,
}));

export default defineConfig(
  globalIgnores([
    'dist/',
    'node_modules/',
    'playwright-report/',
    'test-results/',
    'bin/seqscope.mjs',
    'coverage/',
    '.seqscope-cache/',
  ]),

  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,

  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: {
      reportUnusedDisableDirectives: 'warn',
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // `onClick={async () => ...}` is fine in React.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'smart'],
    },
  },

  // No import cycles anywhere in src/ (a module graph a newcomer can read bottom-up).
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      // Without these, dependencies in .ts files are not parsed and no cycle is ever seen.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },

  // Data from a log is narrowed, never cast: `isKnownEvent(ev)` makes `ev.type` narrow `ev.data`;
  // a log-only event's fields are read through `looseData(ev)` and checked (core/types.ts).
  // prescan.ts reads lines fastLine.ts has already validated, on the hot path of a range worker.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: [
      'src/**/*.test.{ts,tsx}',
      'src/**/testing/**',
      'src/**/testing.ts',
      'src/core/reader/prescan.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "TSAsExpression > MemberExpression.expression[property.name='data']",
          "TSAsExpression > ChainExpression.expression > MemberExpression[property.name='data']",
        ].map((selector) => ({
          selector,
          message:
            'Narrow event data with isKnownEvent(ev), or read it through looseData(ev): no `.data as` casts.',
        })),
      ],
    },
  },

  // Plain JS (this file, scripts/*.mjs): no type information.
  {
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    rules: {
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },

  // Node-side code.
  {
    files: ['scripts/**', 'src/cli/**', 'e2e/**', '*.config.{js,ts,mjs}', 'eslint.config.js'],
    languageOptions: { globals: { ...globals.node } },
  },

  // src/core: pure, portable.
  {
    files: ['src/core/**/*.{ts,tsx}'],
    ignores: ['src/core/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...reactishImports,
            ...nodeImports,
            { regex: intoDir('app'), message: 'src/core must not import from src/app.' },
            { regex: intoDir('worker'), message: 'src/core must not import from src/worker.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', ...domGlobals],
    },
  },

  // src/worker: never the UI.
  {
    files: ['src/worker/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.worker } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react/*', 'react-dom', 'react-dom/*'], message: 'The worker has no UI.' },
            { regex: intoDir('app'), message: 'src/worker must not import from src/app.' },
          ],
        },
      ],
    },
  },

  // src/app: React; of the worker only protocol/ and client.ts.
  {
    files: ['src/app/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.{1,2}/(.*/)?|(.*/)?src/)worker/(?!(protocol|client)(\\.[jt]s)?$)',
              message:
                'src/app may import only src/worker/protocol and src/worker/client.ts; the rest is worker-internal.',
            },
          ],
        },
      ],
      // The React Compiler-derived rules are errors (the recommended config's level).
      'react-hooks/set-state-in-effect': 'error',
      'react-hooks/refs': 'error',
      'react-hooks/purity': 'error',
      'react-hooks/immutability': 'error',
      // TanStack Virtual's useVirtualizer is used on purpose (timeline, messages): the compiler
      // skips memoizing those components, which is what they need. Nothing to fix, so no warning.
      'react-hooks/incompatible-library': 'off',
    },
  },

  // src/cli: Node, on the core only.
  {
    files: ['src/cli/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: intoDir('app'), message: 'src/cli may import src/core only, not src/app.' },
            { regex: intoDir('worker'), message: 'src/cli may import src/core only, not src/worker.' },
            ...reactishImports.map((p) => ({ ...p, message: 'The CLI has no UI.' })),
          ],
        },
      ],
    },
  },

  // Tests.
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
