import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/build-preact/**',
      '**/dist/**',
      'var/**',
      '**/.react-router/**',
      'packages/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // The layers (docs/ARCHITECTURE.md, issue #17 item 5): domain imports no workspace; the web app never
  // imports the API, the database or the server; the database package never imports an app. Relative
  // paths may not reach into another workspace either (test/workspace-boundaries.test.ts checks that,
  // and that each package.json declares the workspaces it imports).
  ...layer('packages/domain', ['@vitrina/*']),
  ...layer('apps/web', [
    '@vitrina/api',
    '@vitrina/api/*',
    '@vitrina/db',
    '@vitrina/db/*',
    '@vitrina/server',
    '@vitrina/server/*',
  ]),
  ...layer('packages/demo', [
    '@vitrina/db',
    '@vitrina/db/*',
    '@vitrina/api',
    '@vitrina/api/*',
    '@vitrina/web',
    '@vitrina/web/*',
    '@vitrina/server',
    '@vitrina/server/*',
  ]),
  ...layer('packages/db', [
    '@vitrina/api',
    '@vitrina/api/*',
    '@vitrina/web',
    '@vitrina/web/*',
    '@vitrina/server',
    '@vitrina/server/*',
  ]),
  ...layer('apps/api', ['@vitrina/web', '@vitrina/web/*', '@vitrina/server', '@vitrina/server/*']),
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // A browser build on Preact (apps/web/preact-aliases.ts) hydrates the HTML React rendered on the
    // server: their useId values differ, and Preact's hydration keeps the server's attributes, so an id
    // from useId in server-rendered markup points nowhere in the browser
    // (docs/decisions/0008-react-stays-preact-was-tried-twice-and-is-not-adopted.md).
    files: ['apps/web/app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportSpecifier[imported.name='useId']",
          message:
            'useId differs between the server (React) and a browser build on Preact: derive the id from the data, or disable this for a part the server never renders, saying so',
        },
      ],
    },
  },
);

/** `no-restricted-imports` for one workspace: the package names it must not import */
function layer(dir, forbidden) {
  return [
    {
      files: [`${dir}/**/*.{ts,tsx,mjs,js}`],
      // tests may assemble a real shop around the code they test (the web app's tests run the real API)
      ignores: [`${dir}/test/**`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: forbidden,
                message: `${dir} may not import this workspace (eslint.config.js "layers")`,
              },
            ],
          },
        ],
      },
    },
  ];
}
