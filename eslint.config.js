// ESLint flat config: typescript-eslint's recommended rules (syntax only, not type-aware, so it stays fast; the
// type checker runs separately in `npm run typecheck`) and the React hooks rules for the islands.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/', '.astro/', 'node_modules/', 'test-results/', 'playwright-report/', 'drizzle/', 'data/', 'scratch/', 'bench/results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // `_name` marks a parameter or binding kept on purpose (a handler's signature, a destructured field left out).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Errors go beside the form that caused them and questions into the page: never the browser's alert(), confirm()
    // or prompt(), which block the page, cannot be translated by the page and land away from the box being typed in.
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-alert': 'error', 'no-restricted-properties': ['error', ...['alert', 'confirm', 'prompt'].map((property) => ({ object: 'window', property }))] },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
