import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WEB = './apps/web/src';
/** The web app's features: apps/web/src/features/<name>. */
const FEATURES = readdirSync(new URL('apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const API = './apps/api/src';
/** Zone exceptions given as globs are matched against absolute paths. */
const API_ABSOLUTE = fileURLToPath(new URL('apps/api/src', import.meta.url));
/** The server's feature modules: apps/api/src/modules/<name>. */
const MODULES = readdirSync(new URL('apps/api/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const WIRING = ['server.ts', 'backup.ts', 'app.ts', 'routes.ts', 'context.ts', 'plugins', 'web'].map(
  (p) => `${API}/${p}`,
);
const BOUNDARY =
  'Features meet in app/ (docs/decisions/006-feature-composition.md): read another feature through app/data/, show its parts through a slot that app/ fills.';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      'data/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['warn', { allow: ['warn', 'error'] }],
    },
  },
  {
    // The script that starts the app on a server-rendered page: plain browser JavaScript, served as it is.
    files: ['apps/web/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-dom/server',
              message:
                'Import react-dom/server.edge: the Node build turns on async hooks for the whole API process (apps/web/src/entry-server.tsx).',
            },
          ],
        },
      ],
    },
  },
  {
    // Feature boundaries: a feature imports only itself, shared code (components/, lib/) and app/data/; shared code
    // imports no feature and nothing of app/.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...FEATURES.map((feature) => ({
              target: `${WEB}/features/${feature}`,
              from: `${WEB}/features`,
              except: [`./${feature}`],
              message: BOUNDARY,
            })),
            {
              target: `${WEB}/features`,
              from: `${WEB}/app`,
              except: ['./data', './admin-tables.ts'],
              message: BOUNDARY,
            },
            {
              target: [`${WEB}/components`, `${WEB}/lib`],
              from: [`${WEB}/features`, `${WEB}/app`],
              message: 'Shared code (components/, lib/) serves every feature and imports none of them.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server's layers (docs/architecture.md): the wiring (server, app, routes, context, plugins, web) over the
    // feature modules over the platform (config, db, lib); demo code (dev/) apart. A module is reached only through
    // its index.ts. Import cycles, type imports included, are checked by dependency-cruiser (.dependency-cruiser.mjs).
    files: ['apps/api/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...MODULES.map((module) => ({
              target: `${API}/modules/${module}`,
              from: [`${API}/modules/*/**`],
              except: [`${API_ABSOLUTE}/modules/${module}/**`, `${API_ABSOLUTE}/modules/*/index.ts`],
              message: `Another module is reached through its index.ts, its only public face.`,
            })),
            {
              target: [...WIRING, `${API}/dev`],
              from: [`${API}/modules/*/**`],
              except: [`${API_ABSOLUTE}/modules/*/index.ts`],
              message: 'The wiring and the demo reach a module through its index.ts.',
            },
            {
              target: `${API}/modules`,
              from: [...WIRING, `${API}/dev`],
              message: 'A feature module is wired by the app: it imports neither the wiring nor the demo.',
            },
            {
              target: [`${API}/config.ts`, `${API}/db`, `${API}/lib`],
              from: [...WIRING, `${API}/modules`, `${API}/dev`],
              message:
                'config, db and lib serve every feature: they import no feature, no demo and no wiring.',
            },
          ],
        },
      ],
    },
  },
  {
    // Migrations are frozen (apps/api/src/db/migrations/README.md): kysely and Node's own modules only, never the
    // app's code, whose later changes would change what an old migration does.
    files: ['apps/api/src/db/migrations/*.ts'],
    ignores: ['apps/api/src/db/migrations/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!kysely$|node:)',
              message:
                'A migration imports only kysely and node:* modules; copy what it needs into the file.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/bench/**', '**/scripts/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
);
