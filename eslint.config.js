import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { builtinModules } from 'node:module';
import globals from 'globals';

/** Import boundaries of docs/architecture.md "Parts": client -> shared <- server, never client <-> server. */
const forbid = (groups, message, { node = false } = {}) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [{ group: node ? [...groups, 'node:*'] : groups, message }],
      // Node's own modules without the node: prefix too (fs, crypto, fs/promises), by exact name.
      paths: node ? builtinModules.map((name) => ({ name, message })) : [],
    },
  ],
});

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'dist-test', 'data', 'node_modules', 'assets/atlases', '.assetpack', 'coverage', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...forbid(['**/server/**'], 'The client may import only shared code, never the server.', { node: true }),
    },
  },
  {
    files: ['src/client/net/**/*.{ts,tsx}'],
    rules: forbid(
      ['**/server/**', '**/state/panelsAtom'],
      'net/ does I/O only: it hands bet panel events to the panels\' controller (src/client/panels/), never writes panels.',
      { node: true },
    ),
  },
  {
    files: ['src/client/hud/**/*.{ts,tsx}'],
    rules: forbid(
      ['**/server/**', '**/stage/*'],
      'The HUD never imports the stage: what both need (the flight\'s frame) lives in src/client/flight/.',
      { node: true },
    ),
  },
  {
    files: ['src/server/**/*.ts'],
    rules: forbid(
      ['**/client/**', 'react', 'react-dom', 'pixi.js', '@pixi/*'],
      'The server may import only shared code, never the client.',
    ),
  },
  {
    files: ['src/server/{game,ledger,auth,payments,chain,db,bus}/**/*.ts'],
    rules: forbid(
      ['**/client/**', 'react', 'react-dom', 'pixi.js', '@pixi/*', '**/http/*', '**/stomp/*', '**/app', '**/services'],
      'Domain code knows nothing of HTTP, STOMP or how the server is composed (docs/architecture.md "Parts").',
    ),
  },
  {
    files: ['src/server/db/**/*.ts'],
    rules: forbid(
      ['**/client/**', 'react', 'react-dom', 'pixi.js', '@pixi/*', '**/http/*', '**/stomp/*', '**/app', '**/services', '**/betting/*'],
      'db/ connects, migrates and describes tables; what runs on it (the betting functions) is handed over by src/server/database.ts.',
    ),
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: forbid(
      ['**/client/**', '**/server/**', 'react', 'react-*', 'pixi.js', '@pixi/*'],
      'Shared code is pure: no client, server, React, Pixi or Node imports.',
      { node: true },
    ),
  },
);
