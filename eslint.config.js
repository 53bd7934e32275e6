import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURE_BOUNDARIES = [
  { group: ['@/app/*'], message: 'Features must not import the app layer.' },
  {
    group: ['@/features/*/*'],
    message:
      'A feature never imports another feature; compose them in app/ (use relative imports inside a feature).',
  },
  { group: ['**/server/**'], message: 'The SPA depends only on contract/.' },
];
// The screens on /login call the API without RTK Query (src/lib/http-context.ts says why).
const SIGN_IN_SCREENS = [
  'src/features/auth/login-page.tsx',
  'src/features/auth/login-refusal.tsx',
  'src/features/auth/key-login.tsx',
];

// Server modules are units (server/module.ts): one module uses another only through that
// module's public.ts (its contract: types, pure helpers, errors) or its module.ts (for
// `from(module)`); everything else in its folders is internal. A folder is its own module unless
// listed here (identity is built from several). reports/ also holds the turn log's own module
// file. Tests are exempt: they may seed data through another module's repository.
const MODULE_OF_FOLDER = {
  auth: 'identity',
  departments: 'identity',
  permissions: 'identity',
  profile: 'identity',
  roles: 'identity',
  users: 'identity',
};
const MODULE_FOLDERS = readdirSync(new URL('./server/modules', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const moduleOf = (folder) => MODULE_OF_FOLDER[folder] ?? folder;
const SERVER_MODULE_BOUNDARIES = [...new Set(MODULE_FOLDERS.map(moduleOf))].map((module) => {
  const others = MODULE_FOLDERS.filter((folder) => moduleOf(folder) !== module);
  return {
    files: MODULE_FOLDERS.filter((folder) => moduleOf(folder) === module).map(
      (folder) => `server/modules/${folder}/**/*.ts`,
    ),
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(${others.join('|')})/(?!(public|module|turn-log-module)$)`,
              message:
                "Another module's internals: import its public.ts or module.ts (docs/architecture.md, module boundaries).",
            },
          ],
        },
      ],
    },
  };
});

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'data',
      'node_modules',
      'coverage',
      '.bench-cache',
      'public/mockServiceWorker.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'eslint.config.js'],
    languageOptions: { globals: globals.node },
  },
  // SQL that differs between SQLite and PostgreSQL lives in server/db (dialect.ts, scope.ts,
  // migrations): code elsewhere asks it for the piece instead of comparing dialects itself.
  {
    files: ['server/**/*.ts'],
    ignores: ['server/db/**', 'server/**/*.test.ts', 'server/test-support/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "BinaryExpression[operator=/^[!=]==?$/]:matches([left.property.name='dialect'], [left.name='dialect'], [right.property.name='dialect'], [right.name='dialect'])",
          message:
            'Compare dialects only in server/db: ask server/db/dialect.ts for the piece (perDialect for a whole implementation).',
        },
      ],
    },
  },
  // Plain scripts the page loads as they are (no build step).
  {
    files: ['public/**/*.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
  },
  // Imports run one way (DESIGN): contract <- server; contract <- lib/components <- features <- app.
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@/*', '../src/*', '../server/*', 'react', 'fastify'] },
      ],
    },
  },
  {
    files: ['src/lib/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', '@/app/*'],
              message: 'lib and components must not import features or app.',
            },
            { group: ['**/server/**'], message: 'The SPA depends only on contract/.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/features/**/*.{ts,tsx}'],
    ignores: SIGN_IN_SCREENS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...FEATURE_BOUNDARIES,
            {
              group: ['@/lib/http-context'],
              message:
                'Server data goes through RTK Query endpoints; src/lib/http-context.ts lists the exceptions.',
            },
          ],
        },
      ],
    },
  },
  {
    files: SIGN_IN_SCREENS,
    rules: { 'no-restricted-imports': ['error', { patterns: FEATURE_BOUNDARIES }] },
  },
  ...SERVER_MODULE_BOUNDARIES,
  prettier,
);
