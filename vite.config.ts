import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { assetPackPlugin } from './scripts/assetpack';

const server = `http://localhost:${process.env.PORT ?? 8080}`;

export default defineConfig({
  plugins: [react(), assetPackPlugin()],
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500 },
  server: {
    port: Number(process.env.DEV_PORT ?? 5173),
    proxy: { '/api/v1': { target: server, ws: true, changeOrigin: true } },
  },
});
