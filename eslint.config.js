// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';

/** The folders directly under `dir`. */
const foldersOf = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * Borders the code keeps (docs/decisions/028): the server's domain modules know nothing of HTTP (they throw domain
 * errors that the API's edge answers), the site's shared logic knows nothing of its islands, and island features
 * share only src/islands/ui.
 */
const BORDERS = [
  {
    target: foldersOf('./server/')
      .filter((name) => name !== 'api')
      .map((name) => `./server/${name}`),
    from: './server/api',
    message: 'Domain modules never import the HTTP layer: throw a DomainError (server/domain-error.ts).',
  },
  { target: './src/lib', from: './src/islands', message: 'src/lib is shared logic: it never imports islands.' },
  // Each island feature folder imports the shared UI (src/islands/ui) and src/lib, never another feature.
  ...foldersOf('./src/islands/')
    .filter((name) => name !== 'ui')
    .map((name) => ({
      target: `./src/islands/${name}`,
      from: './src/islands',
      except: [`./${name}`, './ui'],
      message: 'An island feature imports src/islands/ui and src/lib, never another feature.',
    })),
  {
    target: './src/islands/ui',
    from: './src/islands',
    except: ['./ui'],
    message: 'Shared UI never imports a feature.',
  },
];

export default tseslint.config(
  { ignores: ['dist/', '.astro/', 'node_modules/', 'test-results/', 'playwright-report/', '.data/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  { ...jsxA11y.configs.strict, files: ['**/*.tsx'] },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The site never imports the server; the server may import the shared contract and rules from src/.
    files: ['src/**/*.{ts,tsx,astro}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/server/**'], message: 'The site must not import server code.' }],
          paths: [
            {
              name: 'zod',
              message: "Import z from src/lib/zod.ts: it turns off zod's eval probe in the browser (CSP).",
              allowTypeImports: false,
            },
          ],
        },
      ],
    },
  },
  { files: ['src/lib/zod.ts'], rules: { 'no-restricted-imports': 'off' } },
  {
    files: ['src/**/*.{ts,tsx,astro}', 'server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver()] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: BORDERS }] },
  },
);
