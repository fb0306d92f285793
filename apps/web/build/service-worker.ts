import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PluginOption, Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import type { ManifestTransform } from 'workbox-build';
import { webManifest } from './web-manifest.ts';

/** The app-like extras main.tsx loads after the page (service worker, offline banner): offline, they still run. */
const APP_EXTRAS = /[\\/]src[\\/]app[\\/]pwa\.tsx$/;

/**
 * The build output index.html loads (its script, stylesheet, module preloads and preloaded fonts): the first
 * screen. Other pages' chunks are kept by the worker as they are used, so installing it costs a visitor the
 * first screen once, not the whole app.
 */
export function firstScreenFiles(html: string): Set<string> {
  const files = new Set<string>();
  for (const match of html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)) if (match[1]) files.add(match[1]);
  return files;
}

/** The chunk holding `module` and the chunks it imports statically, by file name. */
function chunkWithImports(bundle: Rolldown.OutputBundle, module: RegExp): string[] {
  const chunks = Object.values(bundle).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const found = new Set<string>();
  const visit = (fileName: string) => {
    if (found.has(fileName)) return;
    found.add(fileName);
    for (const next of byName.get(fileName)?.imports ?? []) visit(next);
  };
  for (const chunk of chunks) if (chunk.moduleIds.some((id) => module.test(id))) visit(chunk.fileName);
  return [...found];
}

/** Keeps the build's top-level files (index.html, the offline page, icons), the first screen and `extras`. */
function firstScreenOnly(outDir: () => string, extras: () => Set<string>): ManifestTransform {
  return (entries) => {
    const keep = firstScreenFiles(readFileSync(path.join(outDir(), 'index.html'), 'utf8'));
    for (const file of extras()) keep.add(file);
    return {
      manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || keep.has(entry.url)),
      warnings: [],
    };
  };
}

/**
 * The web app manifest and the service worker (src/sw/sw.ts, built with its Workbox modules into /sw.js, the
 * precache list written into it). The page registers the worker itself (app/pwa.tsx), after load. A build that
 * writes nothing (the bundle-budget test) makes neither, since the worker's build reads the written files.
 */
export function serviceWorker(): PluginOption {
  let outDir = '';
  let extras = new Set<string>();
  return [
    {
      name: 'ray-precache-extras',
      apply: 'build',
      generateBundle(_options, bundle) {
        extras = new Set(chunkWithImports(bundle, APP_EXTRAS));
      },
    },
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: webManifest(),
      // The icons come in through the glob below, with the other top-level files.
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: ['*.{html,svg}', 'icons/*.png', 'assets/*.{js,css,woff2}'],
        // The compressed copies are the server's business: the browser stores what it decoded.
        globIgnores: ['**/*.br', '**/*.gz'],
        manifestTransforms: [
          firstScreenOnly(
            () => outDir,
            () => extras,
          ),
        ],
        rollupFormat: 'iife',
      },
      integration: {
        configureOptions(config, options) {
          outDir = path.resolve(config.root, config.build.outDir);
          if (!config.build.write) options.disable = true;
        },
      },
    }),
  ];
}
