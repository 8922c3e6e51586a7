/**
 * One chunk for the page's code (src/client/boot.tsx and everything it imports statically). Left to
 * itself the bundler cuts that code into a chunk for each set of lazy parts (modals, chat, wallets,
 * stage) that shares a few of its modules, which made some twenty small chunks for index.html to
 * preload: on a phone's few connections each costs a round trip. Every lazy part is imported from
 * boot's code, so boot's chunk is always loaded before any of them needs it
 * (docs/benchmarks/lighthouse.md). What the entry (main.tsx) imports itself stays in the entry.
 */

import type { Rolldown } from 'vite';

type Group = NonNullable<Exclude<Rolldown.OutputOptions['codeSplitting'], boolean | undefined>['groups']>[number];
type ModuleInfo = NonNullable<ReturnType<Rolldown.ChunkingContext['getModuleInfo']>>;

/** `id` and every module it imports statically, directly or not. */
function staticGraph(id: string, info: (id: string) => ModuleInfo | null, found = new Set<string>()): Set<string> {
  if (found.has(id)) return found;
  found.add(id);
  for (const imported of info(id)?.importedIds ?? []) staticGraph(imported, info, found);
  return found;
}

/** The codeSplitting group that puts boot's static graph, less the entry's, in one chunk named `boot`. */
export function bootChunkGroup(entry: string, boot: string): Group {
  let page: Set<string> | undefined;
  return {
    includeDependenciesRecursively: false,
    name(id, ctx) {
      const info = (module: string) => ctx.getModuleInfo(module);
      if (!page) {
        const entryGraph = staticGraph(entry, info);
        page = new Set([...staticGraph(boot, info)].filter((module) => !entryGraph.has(module)));
      }
      return page.has(id) ? 'boot' : null;
    },
  };
}
