import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const restrict = (...patterns) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: patterns.map((group) => ({
        group,
        message: 'Imports flow one way: src/api <- features <- app (HOUSE-STYLE §1).',
      })),
    },
  ],
});
// The browser app takes zod from src/api/zod.ts, which configures it for the console's CSP (no eval probe).
const zodPath = {
  name: 'zod',
  allowTypeImports: true,
  message: "Import z from '@/api/zod' (configured for the CSP).",
};
const restrictSrc = (...patterns) => {
  const rule = restrict(...patterns)['no-restricted-imports'];
  return { 'no-restricted-imports': [rule[0], { ...rule[1], paths: [zodPath] }] };
};

// A QueryClient call whose first argument is a query key (or filters holding one).
const keyCall =
  'CallExpression[callee.property.name=/^(invalidateQueries|refetchQueries|removeQueries|resetQueries|cancelQueries|setQueryData|getQueryData|getQueryState|ensureQueryData|fetchQuery|prefetchQuery)$/]';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'test-results',
      'playwright-report',
      'node_modules',
      '.ci-out',
      'data',
      'coverage',
    ],
  },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      ecmaVersion: 2022,
      globals: globals.browser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // React and TanStack Query live in the browser app only: their rules (the hooks' rules run the React
  // Compiler's analysis on every function) are not run on the servers, journeys and scripts.
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, '@tanstack/query': pluginQuery },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...pluginQuery.configs.recommended.rules,
    },
  },
  { files: ['src/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['server/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts', '*.config.ts'],
    languageOptions: { globals: globals.node },
  },
  // Dependency direction (HOUSE-STYLE §1), with tests and src/testing allowed to reach the in-process emulator.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/testing/**', 'src/**/*.test.{ts,tsx}'],
    // The one type check sees Node's types everywhere (decision 0039): the browser app uses none.
    rules: {
      ...restrictSrc(['**/server/**', 'node:*']),
      'no-restricted-globals': ['error', 'process', 'Buffer', 'global', '__dirname', 'require'],
    },
  },
  {
    files: ['src/api/**'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/api/zod.ts'],
    rules: restrictSrc([
      '@/features/*',
      '@/app/*',
      '@/components/*',
      'react',
      'react-dom',
      '@mui/*',
      '**/server/**',
    ]),
  },
  {
    files: ['src/components/**', 'src/config/**', 'src/utils/**', 'src/hooks/**'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: restrictSrc(['@/features/*', '@/app/*', '**/server/**']),
  },
  {
    files: ['src/features/**'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: restrictSrc(['@/app/*', '**/server/**']),
  },
  { files: ['src/api/zod.ts'], rules: restrict(['**/server/**']) },
  // Query keys come from the factories in src/api/queries: a literal elsewhere can collide with a key
  // of another shape or miss an invalidation.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/api/queries/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "Property[key.name='queryKey'] > ArrayExpression",
          "Property[key.name='queryKey'] > TSAsExpression > ArrayExpression",
          `${keyCall} > ArrayExpression.arguments:first-child`,
          `${keyCall} > TSAsExpression.arguments:first-child > ArrayExpression`,
        ].map((selector) => ({
          selector,
          message: 'Take query keys from the factories in src/api/queries.',
        })),
        {
          selector: "CallExpression[callee.name='useMutation']",
          message:
            'Use useSingleMutation (src/hooks/use-single-mutation.ts): one call per intent (decision 0023).',
        },
      ],
    },
  },
  // The one way in the other direction: server/proxy/http/html-page.ts loads src/app/first-paint.tsx
  // (dynamically) to draw the SPA's shell with its own components (decision 0059).
  {
    files: ['server/**'],
    rules: restrict([
      '**/src/app/**',
      '**/src/features/**',
      '**/src/components/**',
      '@/app/*',
      '@/features/*',
      '@/components/*',
    ]),
  },
  // A function a reader can hold: product code only (tests read as lists of cases).
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'src/testing/**', 'server/**/test-support/**'],
    rules: {
      'max-lines-per-function': [
        'error',
        { max: 120, skipBlankLines: true, skipComments: true, IIFEs: true },
      ],
    },
  },
  { files: ['eslint.config.js'], extends: [tseslint.configs.disableTypeChecked] },
);
