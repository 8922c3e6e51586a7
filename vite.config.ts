import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { assetPackPlugin } from './scripts/assetpack';
import { bootChunkGroup } from './scripts/bootChunk';
import { initialJsBudgetPlugin } from './scripts/initialJs';
import { inlineStylesPlugin } from './scripts/inlineStyles';
import { pixiCanvasProbePlugin } from './scripts/pixiCanvasProbe';
import { preloadBootPlugin } from './scripts/preloadBoot';
import { prerenderShellPlugin } from './scripts/prerenderShell';
import { uiTilesPlugin } from './scripts/uiTiles';

/** The page's entry and the code it imports after the first paint (scripts/bootChunk.ts). */
const MAIN = fileURLToPath(new URL('src/client/main.tsx', import.meta.url));
const BOOT = fileURLToPath(new URL('src/client/boot.tsx', import.meta.url));

const server = `http://localhost:${process.env.PORT ?? 8080}`;

/** Where a build goes: dist/, or dist-test/ for the test build. The ops console's pass (vite.ops.config.ts) writes there too. */
export const outDirFor = (mode: string) => (mode === 'test' ? 'dist-test' : 'dist');

/**
 * `vite build` is what `npm start` serves. `vite build --mode test` (browser tests, bench:frames)
 * writes dist-test/ with the test hooks (window.__moonrush, a <Profiler> counting commits) and
 * React's profiling build, which the production bundle leaves out (docs/architecture.md "From the server to the pixels").
 */
export default defineConfig(({ mode }) => {
  const testBuild = mode === 'test';
  return {
    // Brotli and gzip copies of every text file, which the server sends by Accept-Encoding.
    plugins: [
      react(),
      assetPackPlugin(),
      uiTilesPlugin(),
      prerenderShellPlugin(),
      preloadBootPlugin(),
      inlineStylesPlugin(),
      pixiCanvasProbePlugin(),
      compression({ algorithms: ['brotliCompress', 'gzip'] }),
      // A player's first visit loads at most this much JS (docs/benchmarks/lighthouse.md); the test build adds its hooks.
      ...(testBuild ? [] : [initialJsBudgetPlugin(150)]),
    ],
    // Static files served as they are (docs/architecture.md "Parts"), the packed atlases among them.
    publicDir: 'assets',
    resolve: testBuild ? { alias: { 'react-dom/client': 'react-dom/profiling' } } : {},
    // One stylesheet for the whole page, inlined in index.html (scripts/inlineStyles.ts).
    build: {
      outDir: outDirFor(mode),
      sourcemap: true,
      chunkSizeWarningLimit: 1500,
      cssCodeSplit: false,
      rolldownOptions: { output: { codeSplitting: { groups: [bootChunkGroup(MAIN, BOOT)] } } },
    },
    server: {
      port: Number(process.env.DEV_PORT ?? 5173),
      proxy: { '/api/v1': { target: server, ws: true, changeOrigin: true } },
    },
  };
});
