import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The shape of the built index.html that the server relies on: a `<html>` tag, a head and an empty root. */
export const BUILT_PAGE =
  '<!doctype html><html lang="ar" dir="rtl"><head></head><body><div id="root"></div></body></html>';

/**
 * A web build in a new temporary folder: the app's page (`dist/index.html`) and, in place of the real server
 * bundle, `serverBundle` (JavaScript text) as `dist-ssr/entry-server.js`. `distDir` is the app's WEB_DIST_DIR;
 * the caller removes `dir`.
 */
export function fakeWebBuild(serverBundle: string, indexHtml = BUILT_PAGE): { dir: string; distDir: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'ray-web-build-'));
  const distDir = path.join(dir, 'dist');
  mkdirSync(distDir, { recursive: true });
  mkdirSync(path.join(dir, 'dist-ssr'));
  writeFileSync(path.join(distDir, 'index.html'), indexHtml);
  writeFileSync(path.join(dir, 'dist-ssr/entry-server.js'), serverBundle);
  return { dir, distDir };
}
