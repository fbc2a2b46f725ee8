// One lint for the whole repository (decision 150): typescript-eslint with type information, the
// React hooks rules in the web app, and the import boundaries of ARCHITECTURE.md as errors.
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { createBoundariesPlugin } from './tools/eslint/boundaries.mjs';

const root = fileURLToPath(new URL('.', import.meta.url));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'bench/results/**',
      'bench/.build/**',
      'apps/web/public/**',
      'e2e/.tmp/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            '*.mjs',
            '*.ts',
            'apps/*/*.mjs',
            'apps/*/*.d.mts',
            'tools/eslint/*.mjs',
            'e2e/screenshots/*.mjs',
          ],
        },
        tsconfigRootDir: root,
      },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { boundaries: createBoundariesPlugin(root) },
    rules: {
      'boundaries/imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['packages/rules/src/**'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'The rules take the clock as an argument.' },
        {
          object: 'Math',
          property: 'random',
          message: 'The rules take randomness as an argument (a seeded generator).',
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'process', message: 'The rules read no environment.' },
        { name: 'performance', message: 'The rules take the clock as an argument.' },
        { name: 'crypto', message: 'The rules take randomness as an argument.' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'The rules take the clock as an argument.',
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
