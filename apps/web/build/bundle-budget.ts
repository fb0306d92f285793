import { gzipSync } from 'node:zlib';
import type { Rolldown } from 'vite';

/** The first screen's weight limits, gzipped. */
export const BUDGET = {
  homeJsBytes: 130 * 1024,
  cssBytes: 25 * 1024,
  /** One subset of one weight of the Arabic font. */
  fontFileBytes: 50 * 1024,
} as const;

export interface SizedFile {
  fileName: string;
  bytes: number;
  gzipBytes: number;
}

export interface FirstScreenReport {
  js: SizedFile[];
  css: SizedFile[];
  fonts: SizedFile[];
  /** Each @font-face rule of the stylesheets, as written. */
  fontFaces: string[];
}

type Chunk = Rolldown.OutputChunk;
type Asset = Rolldown.OutputAsset;

function sized(fileName: string, content: string | Uint8Array): SizedFile {
  const buffer = typeof content === 'string' ? Buffer.from(content) : Buffer.from(content);
  return { fileName, bytes: buffer.length, gzipBytes: gzipSync(buffer, { level: 9 }).length };
}

/**
 * What a visitor's browser must download to show the home page: the entry chunk and everything it imports
 * statically, plus the chunks holding `lazyModules` (the app's start and the page's route, which the entry and
 * the router import lazily) and their static imports.
 */
export function firstScreen(files: readonly (Chunk | Asset)[], lazyModules: RegExp[]): FirstScreenReport {
  const chunks = new Map(
    files.filter((file): file is Chunk => file.type === 'chunk').map((chunk) => [chunk.fileName, chunk]),
  );
  const assets = files.filter((file): file is Asset => file.type === 'asset');

  const needed = new Set<string>();
  const visit = (fileName: string) => {
    if (needed.has(fileName)) return;
    needed.add(fileName);
    for (const next of chunks.get(fileName)?.imports ?? []) visit(next);
  };
  const entries = [...chunks.values()].filter((chunk) => chunk.isEntry);
  if (entries.length === 0) throw new Error('The build has no entry chunk');
  const lazy = lazyModules.map((module) => {
    const chunk = [...chunks.values()].find((candidate) => candidate.moduleIds.some((id) => module.test(id)));
    if (!chunk) throw new Error(`The build has no chunk for ${String(module)}`);
    return chunk;
  });
  for (const chunk of [...entries, ...lazy]) visit(chunk.fileName);

  const js = [...needed].map((fileName) => {
    const chunk = chunks.get(fileName);
    if (!chunk) throw new Error(`Missing chunk ${fileName}`);
    return sized(fileName, chunk.code);
  });
  const cssNames = new Set(
    [...needed].flatMap((fileName) => [...(chunks.get(fileName)?.viteMetadata?.importedCss ?? [])]),
  );
  const cssAssets = assets.filter((asset) => cssNames.has(asset.fileName));
  const css = cssAssets.map((asset) => sized(asset.fileName, asset.source));
  const fontFaces = cssAssets.flatMap((asset) => String(asset.source).match(/@font-face\{[^}]*\}/g) ?? []);
  const fonts = assets
    .filter((asset) => /\.(woff2?|ttf|otf)$/.test(asset.fileName))
    .map((asset) => sized(asset.fileName, asset.source));
  return { js, css, fonts, fontFaces };
}

export function total(files: SizedFile[]): number {
  return files.reduce((sum, file) => sum + file.gzipBytes, 0);
}

export function describe(files: SizedFile[]): string {
  return files
    .toSorted((a, b) => b.gzipBytes - a.gzipBytes)
    .map((file) => `${(file.gzipBytes / 1024).toFixed(1).padStart(7)} KB gz  ${file.fileName}`)
    .join('\n');
}
