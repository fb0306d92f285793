import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstScreenChunks, preloadFeedChunk } from './build/first-screen-chunks';
import { precompress } from './build/precompress';

const backend = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadFeedChunk(), precompress()],
  resolve: { tsconfigPaths: true },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Font subsets stay files the browser fetches only when a page uses their characters, never inline CSS.
    assetsInlineLimit: (file) => (/\.woff2?$/.test(file) ? false : undefined),
    rolldownOptions: {
      output: { codeSplitting: { groups: firstScreenChunks() } },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': backend,
      '/uploads': backend,
      '/config': backend,
      '/hubs': { target: backend, ws: true },
    },
  },
  preview: { port: 4173 },
});
