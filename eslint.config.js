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

/**
 * The client's folders, lowest first (docs/architecture.md "Client folders"): a folder may import the
 * folders of the layers below its own, never another folder of its own layer nor one above. The
 * page's entry files (App, boot, main, shell, providers, firstPaint) import them all; none imports those.
 */
const CLIENT_LAYERS = [
  ['state'],
  ['i18n'],
  ['net'],
  ['flight', 'audio', 'pixel', 'account', 'round', 'proof', 'lab'],
  ['panels'],
  ['game'],
  ['chat', 'wallet'],
  ['hud', 'stage'],
  ['ops'],
];
const CLIENT_ENTRIES = ['App', 'boot', 'main', 'shell', 'providers', 'firstPaint'];
/** What net/ may read of state/: the store and the session it renews (`api.ts`), and the busy flag it raises while it waits. */
const NET_STATE = ['store', 'sessionAtom', 'serverBusyAtom'];
const NO_SERVER = 'The client may import only shared code, never the server.';

/** One rule per client folder: the server and Node, and the folders at or above its layer. */
const clientLayers = () =>
  CLIENT_LAYERS.flatMap((layer, level) =>
    layer.map((folder) => {
      const above = CLIENT_LAYERS.slice(level).flat().filter((other) => other !== folder);
      const below = CLIENT_LAYERS.slice(0, level).flat();
      const patterns = [
        { group: ['**/server/**', 'node:*'], message: NO_SERVER },
        {
          regex: `^(\\.\\./)+(${[...above, ...CLIENT_ENTRIES].join('|')})(/|$)`,
          message: `${folder}/ may import only ${below.length ? `${below.join(', ')} and ` : ''}shared (docs/architecture.md "Client folders").`,
        },
      ];
      if (folder === 'net')
        patterns.push({
          regex: `^(\\.\\./)+state/(?!(${NET_STATE.join('|')})$)`,
          message: 'net/ moves and decodes bytes: of state/ it reads only the session (game/ writes the rest).',
        });
      if (folder === 'hud')
        patterns.push({
          regex: '^(\\.\\./)+stage(/|$)',
          message: "The HUD never imports the stage: what both need (the flight's frame) lives in src/client/flight/.",
        });
      return {
        files: [`src/client/${folder}/**/*.{ts,tsx}`],
        rules: {
          'no-restricted-imports': ['error', { patterns, paths: builtinModules.map((name) => ({ name, message: NO_SERVER })) }],
        },
      };
    }),
  );

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
      ...forbid(['**/server/**'], NO_SERVER, { node: true }),
    },
  },
  ...clientLayers(),
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
