import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import globals from 'globals'

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.tsbuild/**',
      'data/**',
      'artifacts/**',
      'coverage/**',
      'test-results/**',
      'web/src/routeTree.gen.ts',
      '**/.tmp-*',
      '**/*.js',
      '**/*.cjs',
      '**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true, allowNullish: true },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      // fastify plugins and hooks must be async functions even when they await nothing.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['web/**/*.ts', 'web/**/*.tsx'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // TanStack Router's redirect() and notFound() are thrown by design.
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'package', package: '@tanstack/router-core', name: ['Redirect', 'NotFoundError'] },
            { from: 'package', package: '@tanstack/react-router', name: ['Redirect', 'NotFoundError'] },
          ],
        },
      ],
    },
  },
  {
    // The service worker runs in a worker scope, type-checked against its own tsconfig (WebWorker lib).
    files: ['web/src/service-worker.ts'],
    languageOptions: {
      globals: { ...globals.serviceworker },
      parserOptions: { projectService: false, project: './web/tsconfig.sw.json', tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    // A browser context made by hand misses the project's service-worker setting (the `page` fixture
    // has it from `use`): another person or visitor comes from support/contexts.ts's `newContext`.
    files: ['web/e2e/**'],
    ignores: ['web/e2e/support/contexts.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='newContext']",
          message: "Make a browser context with newContext(browser, options) from './support/contexts'.",
        },
      ],
    },
  },
  {
    // Tests state what they expect first, then index into it; a failed `!` is a failed test.
    files: ['**/*.spec.ts', '**/*.spec.tsx', '**/e2e/**', '**/testing/**', 'bench/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
)
