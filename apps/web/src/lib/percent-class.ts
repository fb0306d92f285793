/**
 * The length of a bar as a class (`w-37/100`, `h-37/100`), never a style attribute: server-rendered pages are
 * kept by shared caches and so cannot carry a per-request nonce, and the Content-Security-Policy allows no
 * inline style attribute. styles.css generates the 101 steps of each.
 */
function step(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Math.min(100, Math.max(0, Math.round(percent)));
}

const WIDTHS = Array.from({ length: 101 }, (_, n) => `w-${n}/100`);
const HEIGHTS = Array.from({ length: 101 }, (_, n) => `h-${n}/100`);

export function widthClass(percent: number): string {
  return WIDTHS[step(percent)]!;
}

export function heightClass(percent: number): string {
  return HEIGHTS[step(percent)]!;
}
