import { fileURLToPath } from 'node:url';
import type { Plugin, Rolldown } from 'vite';

type NameFunction = Extract<Rolldown.CodeSplittingGroup['name'], (...args: never[]) => unknown>;
type ChunkingContext = Parameters<NameFunction>[1];

/** The app's start, which main.tsx runs once a server-rendered page has been painted (see there). */
const START = fileURLToPath(new URL('../src/app/start.tsx', import.meta.url));
const HOME = fileURLToPath(new URL('../src/app/routes/home-page.tsx', import.meta.url));

/**
 * The icon package's index imports every icon, so following it would pull all icons any page uses into the
 * first screen; icons stay in the small chunks the bundler gives them, next to the code that uses them.
 */
const ICON = /[\\/]lucide-react[\\/]/;

/**
 * The Arabic subsets of the font's weights: every page's text needs them, and a face is drawn only if it is
 * there for the first paint (font-display: optional), so they are fetched with the page.
 */
const ARABIC_FONT = /-arabic-arabic-\d00-normal-[\w-]+\.woff2$/;

/** Every module reachable from `start` through static imports. */
function staticClosure(start: string, ctx: ChunkingContext): Set<string> {
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const id = queue.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * Two chunks for the first screen instead of dozens of small ones, which compress worse and cost a request
 * each: everything the app shell imports statically ("app"), and what the home feed adds to it ("feed").
 * Other pages keep their own lazy chunks.
 */
export function firstScreenChunks(): Rolldown.CodeSplittingGroup[] {
  let closures: { shell: Set<string>; feed: Set<string> } | null = null;
  const chunkOf: NameFunction = (id, ctx) => {
    closures ??= { shell: staticClosure(START, ctx), feed: staticClosure(HOME, ctx) };
    if (ICON.test(id)) return null;
    if (closures.shell.has(id)) return 'app';
    if (closures.feed.has(id)) return 'feed';
    return null;
  };
  return [{ name: chunkOf, debugName: 'first-screen' }];
}

/**
 * Lists the app's chunk and the home feed's (with what they import) in index.html as module preloads, so the
 * browser fetches them with the page instead of after main.tsx asks for the app and the router for the feed.
 * Home is where most visits land.
 */
export function preloadFirstScreen(): Plugin {
  let base = '/';
  return {
    name: 'ray-preload-feed-chunk',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunks = Object.values(context.bundle ?? {}).filter(
          (file): file is Rolldown.OutputChunk => file.type === 'chunk',
        );
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          for (const next of byName.get(fileName)?.imports ?? []) visit(next);
        };
        for (const chunk of chunks) if (chunk.name === 'app' || chunk.name === 'feed') visit(chunk.fileName);
        const fonts = Object.values(context.bundle ?? {}).filter(
          (file) => file.type === 'asset' && ARABIC_FONT.test(file.fileName),
        );
        return [
          ...[...files]
            .filter((fileName) => !html.includes(`${base}${fileName}`))
            .map((fileName) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${fileName}` },
              injectTo: 'head' as const,
            })),
          ...fonts.map((font) => ({
            tag: 'link',
            attrs: {
              rel: 'preload',
              as: 'font',
              type: 'font/woff2',
              crossorigin: true,
              href: `${base}${font.fileName}`,
            },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}
