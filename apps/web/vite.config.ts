import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstScreenChunks, preloadFirstScreen } from './build/first-screen-chunks.ts';
import { arabicFontFaces } from './build/arabic-font-faces.ts';
import { offlinePage } from './build/offline-page.ts';
import { precompress } from './build/precompress.ts';
import { runtimeConfigScript } from './build/runtime-config-script.ts';
import { serviceWorker } from './build/service-worker.ts';
import { themeScript } from './build/theme-script.ts';

const backend = 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild
    ? [react()]
    : [
        react(),
        runtimeConfigScript(),
        themeScript(),
        arabicFontFaces(),
        tailwindcss(),
        preloadFirstScreen(),
        offlinePage(),
        precompress(),
        serviceWorker(),
      ],
  resolve: { tsconfigPaths: true },
  // The server-rendering bundle (src/entry-server.tsx) takes the shared package in; libraries stay imports.
  ssr: { noExternal: ['@ray/shared'] },
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // Font subsets stay files the browser fetches only when a page uses their characters, never inline CSS.
        assetsInlineLimit: (file) => (/\.woff2?$/.test(file) ? false : undefined),
        // The app has one stylesheet, the entry's, and every page already has it (linked in index.html, or
        // inlined by the server into a server-rendered page), so a lazy chunk never waits to load it again.
        modulePreload: {
          resolveDependencies: (_file: string, deps: string[]) => deps.filter((dep) => !dep.endsWith('.css')),
        },
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
}));
