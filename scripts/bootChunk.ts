/**
 * The page's code in a few chunks, one for each part boot.tsx evaluates in a task of its own
 * (its `import()`s, in the order they are written; src/client/boot.tsx): a part's chunk holds the
 * modules its static imports reach that no earlier part reached. Left to itself the bundler cuts
 * that code into a chunk for each set of lazy parts (modals, chat, wallets, stage) that shares a
 * few of its modules, which made some twenty small chunks for index.html to preload: on a phone's
 * few connections each costs a round trip. Every lazy part is imported from the page's code, so
 * its parts are always loaded before any lazy part needs them (docs/benchmarks/lighthouse.md).
 * What the entry (main.tsx) imports itself stays in the entry.
 */

import type { Rolldown } from 'vite';

type Group = NonNullable<Exclude<Rolldown.OutputOptions['codeSplitting'], boolean | undefined>['groups']>[number];
type ModuleInfo = NonNullable<ReturnType<Rolldown.ChunkingContext['getModuleInfo']>>;

/** `id` and every module it imports statically, directly or not, that `found` does not hold yet. */
function staticGraph(id: string, info: (id: string) => ModuleInfo | null, found: Set<string>): void {
  if (found.has(id)) return;
  found.add(id);
  for (const imported of info(id)?.importedIds ?? []) staticGraph(imported, info, found);
}

/** The codeSplitting group that names the chunk of each module of boot's parts: `boot`, then `boot-1`, `boot-2`, ... */
export function bootChunkGroup(entry: string, boot: string): Group {
  let partOf: Map<string, string> | undefined;
  return {
    name(id, ctx) {
      if (!partOf) {
        const info = (module: string) => ctx.getModuleInfo(module);
        const reached = new Set<string>();
        staticGraph(entry, info, reached);
        partOf = new Map();
        const parts = [boot, ...(info(boot)?.dynamicallyImportedIds ?? [])];
        parts.forEach((part, index) => {
          const before = new Set(reached);
          staticGraph(part, info, reached);
          for (const module of reached) if (!before.has(module)) partOf!.set(module, index === 0 ? 'boot' : `boot-${index}`);
        });
      }
      return partOf.get(id) ?? null;
    },
  };
}
