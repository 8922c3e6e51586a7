import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { outDirFor } from './vite.config';

/**
 * The operator's console (ops.html, served at /ops; docs/ops.md) is its own build pass after the
 * game's, into the same folder: no chunk is shared with the game, so the player's page is the
 * same bytes with or without the console and players never load a line of it. It reuses the
 * game's pixel tiles and font from that folder.
 */
export default defineConfig(({ mode }) => ({
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'] })],
  publicDir: false,
  build: {
    outDir: outDirFor(mode),
    emptyOutDir: false,
    sourcemap: true,
    rolldownOptions: { input: 'ops.html' },
  },
}));
