import { ESLint } from 'eslint';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

/** Whether the lint config refuses `import ... from source` in a file at `filePath`. */
async function refused(filePath: string, source: string): Promise<boolean> {
  const [result] = await eslint.lintText(`import * as m from '${source}';\nexport const x = m;\n`, { filePath });
  return result!.messages.some((message) => message.ruleId === 'no-restricted-imports');
}

describe('import boundaries (docs/architecture.md "Parts")', () => {
  it('keeps client and server apart, both free to use shared', async () => {
    expect(await refused('src/client/x.ts', '../server/app')).toBe(true);
    expect(await refused('src/server/x.ts', '../client/state/store')).toBe(true);
    expect(await refused('src/server/x.ts', 'pixi.js')).toBe(true);
    expect(await refused('src/client/x.ts', '../shared/constants')).toBe(false);
    expect(await refused('src/server/x.ts', '../shared/constants')).toBe(false);
    expect(await refused('src/server/x.ts', 'node:fs')).toBe(false);
  });

  it('keeps panel writes out of net/ and the stage out of the HUD', async () => {
    expect(await refused('src/client/net/x.ts', '../state/panelsAtom')).toBe(true);
    expect(await refused('src/client/net/x.ts', '../server/app')).toBe(true);
    expect(await refused('src/client/hud/panel/x.tsx', '../../stage/SceneRunner')).toBe(true);
    expect(await refused('src/client/hud/panel/x.tsx', '../../flight/frame')).toBe(false);
    expect(await refused('src/client/panels/x.ts', '../state/panelsAtom')).toBe(false);
  });

  it('keeps the client\'s folders in their layers (docs/architecture.md "Client folders")', async () => {
    const cases: [file: string, source: string, refused: boolean][] = [
      // net/ moves and decodes bytes: no panels, round, HUD, game, nor state beyond the session.
      ['src/client/net/x.ts', '../panels/panelStore', true],
      ['src/client/net/x.ts', '../round/roundEvents', true],
      ['src/client/net/x.ts', '../hud/Hud', true],
      ['src/client/net/x.ts', '../game/feed', true],
      ['src/client/net/x.ts', '../state/roundAtom', true],
      ['src/client/net/x.ts', '../state/sessionAtom', false],
      ['src/client/net/x.ts', '../i18n/format', false],
      // Round events reach the panels through game/ only, and the panels never call game/ back.
      ['src/client/round/x.ts', '../panels/serverEvents', true],
      ['src/client/panels/x.ts', '../game/feed', true],
      ['src/client/panels/x.ts', '../net/bets', false],
      ['src/client/game/x.ts', '../panels/serverEvents', false],
      // state/ holds atoms: it imports no other folder.
      ['src/client/state/x.ts', '../net/api', true],
      ['src/client/state/x.ts', '../lab/autoRules', true],
      // Formatting is i18n's, below everything that shows a number; the HUD is above the chat.
      ['src/client/chat/x.tsx', '../hud/Hud', true],
      ['src/client/hud/x.tsx', '../chat/ChatDock', false],
      ['src/client/stage/x.ts', '../i18n/format', false],
      ['src/client/hud/panel/x.tsx', '../../stage/SceneRunner', true],
      ['src/client/wallet/x.ts', '../audio', false],
      ['src/client/audio/x.ts', '../wallet/WalletRoot', true],
    ];
    for (const [file, source, expected] of cases)
      expect([file, source, await refused(file, source)]).toEqual([file, source, expected]);
  });

  it('has a layer for every client folder: none may import the page\'s entry files', async () => {
    const folders = readdirSync('src/client', { withFileTypes: true }).filter((entry) => entry.isDirectory());
    const open: string[] = [];
    for (const { name } of folders) if (!(await refused(`src/client/${name}/x.ts`, '../App'))) open.push(name);
    expect(open).toEqual([]);
  });

  it('keeps the database apart from the betting functions it runs: the composition root joins them', async () => {
    expect(await refused('src/server/db/client.ts', '../betting/functions')).toBe(true);
    expect(await refused('src/server/db/client.ts', '../http/errors')).toBe(true);
    expect(await refused('src/server/database.ts', './betting/functions')).toBe(false);
  });

  it('keeps shared code pure: no client, server, React, Pixi or Node, with or without node:', async () => {
    for (const source of ['../client/x', '../server/x', 'react', 'pixi.js', 'node:crypto', 'crypto', 'fs/promises'])
      expect([source, await refused('src/shared/x.ts', source)]).toEqual([source, true]);
    expect(await refused('src/shared/x.ts', './constants')).toBe(false);
    expect(await refused('src/client/x.ts', 'fs')).toBe(true);
  });
});
