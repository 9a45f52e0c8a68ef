// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Import direction (docs/architecture.md): web -> contracts/i18n; server -> contracts/i18n/ml;
 * nothing imports apps/web; features never import another feature's internals.
 */
const restrictedZones = [
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
      'import-x/no-restricted-paths': ['error', { zones: restrictedZones }],
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
    // Features never reach into another feature's internals: only a feature's *.service.ts is public.
    files: ['services/server/src/features/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.)[^/]+/(?!.*\\.service(\\.js)?$).*',
              message: 'import another feature only through its *.service.ts',
            },
          ],
        },
      ],
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
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/*/**', '../../features/**'],
              message:
                'features never import other features; lift shared code to components/ or lib/.',
            },
          ],
        },
      ],
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
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
