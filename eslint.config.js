// ESLint flat config: typescript-eslint's recommended rules (syntax only, not type-aware, so it stays fast; the
// type checker runs separately in `npm run typecheck`) and the React hooks rules for the islands.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.astro/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'drizzle/',
      'data/',
      'scratch/',
      'bench/results/',
    ],
  },
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
    rules: {
      'no-alert': 'error',
      'no-restricted-properties': ['error', ...['alert', 'confirm', 'prompt'].map((property) => ({ object: 'window', property }))],
    },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // The house's boundaries (CONTRIBUTING.md, "Where things live"): break one and this is the message to read.
  {
    files: ['src/server/routes/**/*.ts', 'src/server/plugins/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'drizzle-orm',
              message:
                'Routes and plugins speak HTTP: SQL lives in a service (src/server/services/<domain>/), reached through its index.ts.',
            },
          ],
          patterns: [
            {
              regex: '/db/(schema|client|keyset|prepared|qualified)(\\.ts|/)',
              message: 'Routes and plugins do not read the database: call the domain service (src/server/services/<domain>/index.ts).',
            },
            {
              regex: '/services/[a-z-]+/(?!index\\.ts$).+',
              message: "A domain's folder has one door: import from src/server/services/<domain>/index.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/services/*/*.ts'],
    ignores: ['src/server/services/*/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[a-z-]+/(?!index\\.ts$).+',
              message: 'Another domain is reached through its door: import from ../<domain>/index.ts, never a file inside it.',
            },
            { regex: '/(routes|plugins)/', message: 'Services take plain inputs and return data: they never import routes or plugins.' },
            { regex: '/http/', message: 'Services take plain inputs and return data: HTTP helpers belong to routes and plugins.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/platform/**/*.ts', 'src/server/db/**/*.ts', 'src/server/http/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '/(services|routes|plugins)/',
              message: 'The layers run one way (routes → services → platform and db): a lower layer never imports a higher one.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/islands/**/*.{ts,tsx}', 'src/stores/**/*.ts', 'src/lib/**/*.ts', 'src/components/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '/server/', message: 'Browser code never imports the server: share rules through src/lib/ (zod schemas, constants).' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/lib/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '/stores/', message: 'lib never imports stores: pass the value in, or move the code beside the store.' },
            { regex: '/(server|islands)/', message: 'lib is shared by islands and server: it imports neither.' },
          ],
        },
      ],
    },
  },
);
