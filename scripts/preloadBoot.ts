/**
 * src/client/main.tsx imports the page's code (boot.tsx) only after the first paint. This plugin
 * puts that code's chunks in index.html as `<link rel="modulepreload">`, so the browser downloads
 * them alongside the stylesheet instead of after the paint (they stay part of the initial
 * JavaScript that tests/bench/bundleSize.ts counts), and their stylesheets before the entry's, in
 * the order the chunks import each other, so the prerendered shell paints fully styled.
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
          (output): output is OutputChunk => output.type === 'chunk' && !!output.facadeModuleId?.endsWith(BOOT),
        );
        if (!bundle || !chunk || !boot) throw new Error(`no chunk for ${BOOT} in the build of index.html`);
        const loaded = withImports(bundle, chunk.fileName);
        const chunks = [...withImports(bundle, boot.fileName)].filter((file) => !loaded.has(file));
        const styles = chunks.flatMap((file) => [...((bundle[file] as OutputChunk).viteMetadata?.importedCss ?? [])]);
        const link = (rel: string, file: string) => `<link rel="${rel}" crossorigin href="/${file}">`;
        const tags = [
          ...chunks.map((file) => link('modulepreload', file)),
          ...styles.map((file) => link('stylesheet', file)),
        ];
        // Before the entry's script and stylesheet: the entry's stylesheet comes last, as it did when boot was the entry.
        const ENTRY = '<script type="module"';
        if (html.split(ENTRY).length !== 2) throw new Error(`index.html has not one ${ENTRY}`);
        return html.replace(ENTRY, `${tags.join('\n    ')}\n    ${ENTRY}`);
      },
    },
  };
}
