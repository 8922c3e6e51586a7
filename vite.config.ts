import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { assetPackPlugin } from './scripts/assetpack';
import { uiTilesPlugin } from './scripts/uiTiles';

const server = `http://localhost:${process.env.PORT ?? 8080}`;

export default defineConfig({
  plugins: [react(), assetPackPlugin(), uiTilesPlugin()],
  // Static files served as they are (architecture §1), the packed atlases among them.
  publicDir: 'assets',
  // React's profiling build, so the <Profiler> in providers.tsx counts commits in production too:
  // the browser test proves the page does not render React per frame.
  resolve: { alias: { 'react-dom/client': 'react-dom/profiling' } },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500 },
  server: {
    port: Number(process.env.DEV_PORT ?? 5173),
    proxy: { '/api/v1': { target: server, ws: true, changeOrigin: true } },
  },
});
