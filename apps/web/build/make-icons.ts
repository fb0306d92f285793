/**
 * Draws the installed app's icons from the same mark as public/favicon.svg (the speech bubble with three dots
 * on the brand green) and writes them to public/icons/. Run once when the mark changes, and commit the PNGs:
 *
 *   npx tsx apps/web/build/make-icons.ts
 *
 * - icon-*.png (purpose "any"): the favicon as it is, rounded corners on a transparent ground.
 * - maskable-*.png: the green fills the square, since the platform cuts its own shape out of it, and the bubble
 *   stays inside the middle 80% circle that every mask keeps.
 * - apple-touch-icon.png: opaque and square, iOS rounds it itself.
 * - badge-96.png: the bubble alone in white on transparency, for the status bar of a notification.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const BRAND = '#1d7a70';
const OUT = fileURLToPath(new URL('../public/icons/', import.meta.url));

/** The bubble and its dots, on a 64-unit square, as drawn in favicon.svg. */
const BUBBLE = 'M18 20a6 6 0 0 1 6-6h16a6 6 0 0 1 6 6v14a6 6 0 0 1-6 6h-9l-9 8v-8h-4a6 6 0 0 1-6-6z';
const DOTS = [26, 32, 38].map((x) => `<circle cx="${x}" cy="27" r="2.5" fill="${BRAND}"/>`).join('');

/** The mark scaled by `scale` about the square's centre, on the given ground. */
function mark(ground: string, scale: number): string {
  const shift = 32 * (1 - scale);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${ground}<g transform="translate(${shift} ${shift}) scale(${scale})"><path d="${BUBBLE}" fill="#fff"/>${DOTS}</g></svg>`;
}

const rounded = mark(`<rect width="64" height="64" rx="16" fill="${BRAND}"/>`, 1);
// The bubble reaches 23 units from the centre at its corners; at 0.9 that is 20.5, inside the safe 25.6.
const fullBleed = mark(`<rect width="64" height="64" fill="${BRAND}"/>`, 0.9);
const badge = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><defs><mask id="dots"><rect width="64" height="64" fill="#fff"/>${DOTS.replaceAll(BRAND, '#000')}</mask></defs><g transform="translate(-6.4 -6.4) scale(1.2)"><path d="${BUBBLE}" fill="#fff" mask="url(#dots)"/></g></svg>`;

async function write(svg: string, size: number, name: string) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(`${OUT}${name}`);
}

mkdirSync(OUT, { recursive: true });
await Promise.all([
  write(rounded, 192, 'icon-192.png'),
  write(rounded, 512, 'icon-512.png'),
  write(fullBleed, 192, 'maskable-192.png'),
  write(fullBleed, 512, 'maskable-512.png'),
  write(fullBleed, 180, 'apple-touch-icon.png'),
  write(badge, 96, 'badge-96.png'),
]);
