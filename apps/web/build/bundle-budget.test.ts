import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';
import { beforeAll, describe as group, expect, it } from 'vitest';
import { BUDGET, describe, firstScreen, total, type FirstScreenReport } from './bundle-budget';

const root = fileURLToPath(new URL('..', import.meta.url));
const APP_START = /[\\/]app[\\/]start\.tsx$/;
const HOME_PAGE = /[\\/]app[\\/]routes[\\/]home-page\.tsx$/;

let report: FirstScreenReport;

beforeAll(async () => {
  // The test runner sets NODE_ENV=test, which would give React's development build.
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const result = await build({
    root,
    mode: 'production',
    logLevel: 'silent',
    build: { write: false },
  }).finally(() => {
    process.env.NODE_ENV = previous;
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  report = firstScreen(
    outputs.flatMap((output) => output.output),
    [APP_START, HOME_PAGE],
  );
}, 120_000);

group('the production build of the web app', () => {
  it(`loads the home page with at most ${BUDGET.homeJsBytes / 1024} KB of gzipped JavaScript`, () => {
    expect(total(report.js), `\n${describe(report.js)}\n`).toBeLessThanOrEqual(BUDGET.homeJsBytes);
  });

  it(`styles it with at most ${BUDGET.cssBytes / 1024} KB of gzipped CSS`, () => {
    expect(report.css.length).toBeGreaterThan(0);
    expect(total(report.css), `\n${describe(report.css)}\n`).toBeLessThanOrEqual(BUDGET.cssBytes);
  });

  it('keeps the routes other than home out of the first screen', () => {
    const names = report.js.map((file) => file.fileName).join(' ');
    for (const page of ['settings-page', 'post-detail-page', 'admin', 'faq-page', 'search-page']) {
      expect(names).not.toContain(page);
    }
  });

  it('serves the Arabic font as small woff2 subsets, loaded only for the characters they cover and drawn only if there for the first paint', () => {
    expect(report.fontFaces.length).toBeGreaterThan(0);
    for (const face of report.fontFaces) {
      expect(face).toMatch(/src:url\([^)]+\.woff2\)\s*format\("woff2"\)/);
      expect(face).toMatch(/font-display:optional/);
      expect(face).toMatch(/unicode-range:U\+/);
    }
    const arabic = report.fontFaces.filter((face) => face.includes('-arabic-arabic-'));
    expect(arabic).toHaveLength(2);
    for (const face of arabic) expect(face).toMatch(/unicode-range:U\+6(\?\?|00-6FF)/i);
    const woff2 = report.fonts.filter((font) => font.fileName.endsWith('.woff2'));
    expect(woff2.some((font) => font.fileName.includes('arabic-arabic'))).toBe(true);
    for (const font of woff2) expect(font.bytes, font.fileName).toBeLessThanOrEqual(BUDGET.fontFileBytes);
  });
});
