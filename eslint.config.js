// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/**
 * Import direction (docs/architecture.md, ADR 043), checked on resolved paths, not on how an
 * import is spelled: web -> contracts/i18n; server -> contracts/i18n/ml; nothing imports apps/web.
 * Inside the web app: app -> routes -> features -> components/lib; a feature never imports
 * another feature. Inside the server: a feature uses another feature only through its
 * *.service.ts; lib/, db/ and scripts/ use no feature's internals. The per-feature zones are
 * generated from the feature folders, so a new feature is covered without editing this file.
 */
const root = import.meta.dirname;
const web = `${root}/apps/web/src`;
const server = `${root}/services/server/src`;

/** @param {string} dir */
const foldersOf = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const topZones = [
  {
    target: './packages',
    from: ['./services', './apps', './e2e'],
    message: 'packages are leaves: they import no service or app.',
  },
  { target: './services', from: './apps', message: 'services never import the web app.' },
  {
    target: './services/ml',
    from: './services/server',
    message: 'the ML service is independent of the server.',
  },
  {
    target: './apps/web',
    from: './services',
    message: 'the web app talks to services over HTTP only (use packages/contracts).',
  },
  {
    target: './e2e',
    from: ['./apps/web/src', './services/server/src/features'],
    message: 'e2e drives the app from outside.',
  },
];

/** Zones every file obeys, tests included. */
const sharedZones = [
  ...topZones,
  ...foldersOf(`${web}/features`).map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features/**`,
    except: [`${web}/features/${feature}/**`],
    message:
      'a web feature never imports another feature: lift shared code to components/ or lib/.',
  })),
  ...foldersOf(`${server}/features`).map((feature) => ({
    target: `${server}/features/${feature}`,
    from: `${server}/features/**`,
    except: [`${server}/features/${feature}/**`, `${server}/features/*/*.service.ts`],
    message: "a server feature uses another feature only through that feature's *.service.ts.",
  })),
  {
    target: `${web}/routes`,
    from: `${web}/lib/api/client.ts`,
    message: 'routes compose features: calls to the API live in features/<f>/api.ts.',
  },
  {
    target: [`${web}/components`, `${web}/lib`],
    from: [`${web}/features`, `${web}/routes`],
    message: 'components/ and lib/ are below the features and routes that use them.',
  },
  {
    // db/ except the seed (below)
    target: [`${server}/lib`, `${server}/db/*.ts`, `${server}/db/schema`, `${server}/env.ts`],
    from: `${server}/features`,
    message: 'lib/ and db/ are below the features: move what they share here.',
  },
  // The demo seed composes data the way main.ts composes the app: it may use a feature's service.
  // What it shares with the features (the gazetteer's places, the hairstyle overlay renderer)
  // lives in lib/.
  {
    target: `${server}/db/seed`,
    from: `${server}/features/**`,
    except: [`${server}/features/*/*.service.ts`],
    message: 'the seed uses a feature only through its *.service.ts: move what they share to lib/.',
  },
  {
    target: `${root}/scripts`,
    from: [`${server}/features/**`, `${web}/app/**`, `${web}/routes/**`],
    message:
      "scripts use the server's app, env, db and lib (and pure web modules), never a feature's internals.",
  },
];

/** Upward imports: only app/ (web) and app.ts/main.ts (server) compose the layers. Tests render through app/. */
const upwardZones = [
  {
    target: [`${web}/features`, `${web}/components`, `${web}/lib`, `${web}/routes`],
    from: `${web}/app`,
    message: 'app/ composes the screens; nothing below it imports it.',
  },
  {
    target: [`${server}/features`, `${server}/lib`, `${server}/db`, `${server}/jobs`],
    from: [`${server}/app.ts`, `${server}/main.ts`],
    message: 'app.ts and main.ts compose the server; nothing below them imports them.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/coverage/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/artifacts/**',
      'services/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // Fastify handlers and plugins are async by convention even when they await nothing.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: [...sharedZones, ...upwardZones] },
      ],
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      'import-x/no-self-import': 'error',
    },
    settings: {
      'import-x/resolver': {
        typescript: {
          project: ['./*/*/tsconfig.json', './e2e/tsconfig.json', './tsconfig.json'],
          noWarnOnMultipleProjects: true,
        },
        node: true,
      },
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // Tests render through app/'s providers and build the server from app.ts.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**/*.ts', '**/test-*.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: sharedZones }],
    },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
