/**
 * The page's code in parts (scripts/bootChunk.ts): each module lands in the chunk of the first part
 * of boot.tsx that reaches it, boot's own static imports first, and what the entry imports stays
 * in the entry's chunk.
 */

import { describe, expect, it } from 'vitest';
import { bootChunkGroup } from '../../scripts/bootChunk';

/** A module graph: each id with its static and dynamic imports. */
const GRAPH: Record<string, { importedIds: string[]; dynamicallyImportedIds?: string[] }> = {
  main: { importedIds: ['firstPaint'], dynamicallyImportedIds: ['boot'] },
  firstPaint: { importedIds: [] },
  boot: { importedIds: ['react'], dynamicallyImportedIds: ['reactDom', 'i18n', 'page'] },
  react: { importedIds: [] },
  reactDom: { importedIds: ['react', 'scheduler'] },
  scheduler: { importedIds: [] },
  i18n: { importedIds: ['i18next', 'storage'] },
  i18next: { importedIds: [] },
  storage: { importedIds: [] },
  page: { importedIds: ['storage', 'hud', 'firstPaint'], dynamicallyImportedIds: ['modal'] },
  hud: { importedIds: ['react'] },
  modal: { importedIds: ['hud', 'modalOnly'] },
  modalOnly: { importedIds: [] },
};

const group = bootChunkGroup('main', 'boot');
const ctx = { getModuleInfo: (id: string) => GRAPH[id] ?? null } as never;
const chunkOf = (id: string) => (group.name as (id: string, ctx: never) => string | null)(id, ctx);

describe('the chunks of boot’s parts', () => {
  it('puts boot and its static imports in boot’s chunk', () => {
    expect(['boot', 'react'].map(chunkOf)).toEqual(['boot', 'boot']);
  });

  it('puts each module in the chunk of the first part that reaches it, in the order boot imports them', () => {
    expect(['reactDom', 'scheduler'].map(chunkOf)).toEqual(['boot-1', 'boot-1']);
    expect(['i18n', 'i18next', 'storage'].map(chunkOf)).toEqual(['boot-2', 'boot-2', 'boot-2']);
    expect(['page', 'hud'].map(chunkOf)).toEqual(['boot-3', 'boot-3']);
  });

  it('leaves the entry’s modules and the lazy parts’ own modules to the bundler', () => {
    expect(['main', 'firstPaint', 'modal', 'modalOnly'].map(chunkOf)).toEqual([null, null, null, null]);
  });
});
