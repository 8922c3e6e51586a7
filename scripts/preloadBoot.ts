/**
 * src/client/main.tsx imports the page's code (boot.tsx) only after the first paint. This plugin
 * puts that code's chunks in index.html as `<link rel="modulepreload">`, so the browser downloads
 * them while the shell paints instead of after the paint (they stay part of the initial
 * JavaScript that scripts/initialJs.ts counts), at low priority: what the first paint needs
 * (the font, the pixel tiles) goes first on a phone's few connections (docs/benchmarks/lighthouse.md).
 * The page's styles are one stylesheet, inlined (scripts/inlineStyles.ts).
 */

import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

const BOOT = 'src/client/boot.tsx';

/** `file` and the chunks it imports, directly or not, each after the chunks it imports. */
function withImports(bundle: OutputBundle, file: string, found = new Set<string>()): Set<string> {
  if (found.has(file)) return found;
  for (const imported of (bundle[file] as OutputChunk).imports) withImports(bundle, imported, found);
  return found.add(file);
}

export function preloadBootPlugin(): Plugin {
  return {
    name: 'moonrush-preload-boot',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk }) {
        const boot = Object.values(bundle ?? {}).find(
          (output): output is OutputChunk =>
            output.type === 'chunk' && output.moduleIds.some((id) => id.endsWith(BOOT)),
        );
        if (!bundle || !chunk || !boot) throw new Error(`no chunk for ${BOOT} in the build of index.html`);
        const loaded = withImports(bundle, chunk.fileName);
        // A static import would evaluate boot's code before the entry's wait for the first paint.
        if (loaded.has(boot.fileName)) throw new Error(`${chunk.fileName} imports boot's chunk statically`);
        const chunks = [...withImports(bundle, boot.fileName)].filter((file) => !loaded.has(file));
        const tags = chunks.map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`);
        const ENTRY = '<script type="module"';
        if (html.split(ENTRY).length !== 2) throw new Error(`index.html has not one ${ENTRY}`);
        return html.replace(ENTRY, `${tags.join('\n    ')}\n    ${ENTRY}`);
      },
    },
  };
}
