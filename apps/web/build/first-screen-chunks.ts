import { fileURLToPath } from 'node:url';
import type { Plugin, Rolldown } from 'vite';

type NameFunction = Extract<Rolldown.CodeSplittingGroup['name'], (...args: never[]) => unknown>;
type ChunkingContext = Parameters<NameFunction>[1];

const ENTRY = fileURLToPath(new URL('../src/main.tsx', import.meta.url));
const HOME = fileURLToPath(new URL('../src/features/feed/pages/home-page.tsx', import.meta.url));

/**
 * The icon package's index imports every icon, so following it would pull all icons any page uses into the
 * first screen; icons stay in the small chunks the bundler gives them, next to the code that uses them.
 */
const ICON = /[\\/]lucide-react[\\/]/;

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
    closures ??= { shell: staticClosure(ENTRY, ctx), feed: staticClosure(HOME, ctx) };
    if (ICON.test(id)) return null;
    if (closures.shell.has(id)) return 'app';
    if (closures.feed.has(id)) return 'feed';
    return null;
  };
  return [{ name: chunkOf }];
}

/**
 * Lists the home feed's chunk in index.html as a module preload, so the browser fetches it alongside the app
 * chunk instead of after the app has started and the router has asked for it. Home is where most visits land.
 */
export function preloadFeedChunk(): Plugin {
  let base = '/';
  return {
    name: 'ray-preload-feed-chunk',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const feed = Object.values(context.bundle ?? {}).find(
          (file) => file.type === 'chunk' && file.name === 'feed',
        );
        if (!feed) return [];
        return [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${feed.fileName}` },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
