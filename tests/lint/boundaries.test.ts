import { ESLint } from 'eslint';
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
