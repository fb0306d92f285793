import type { Plugin } from 'vite';

const FONT_CSS = /[\\/]@fontsource[\\/][^\\/]+[\\/][^\\/]+\.css$/;
const FACE = /(?:\/\*[^*]*\*\/\s*)?@font-face\s*\{[^}]*\}/g;
const ARABIC_FACE = /-arabic-arabic-\d00-normal\.woff2/;

/**
 * The font's Arabic faces only, each drawn only if it is there for the first paint (`font-display: optional`,
 * a wait of at most 100 ms; index.html preloads them), else the page keeps the system font until the next load
 * finds them cached. With `swap`, every line of text reflowed when the font arrived and moved everything below
 * it. Latin letters and digits are written in the system font: their faces would be more downloads on every
 * page, for a few characters. Every download here holds the first paint, so there are two weights (main.tsx).
 */
export function arabicFontFaces(): Plugin {
  return {
    name: 'ray-arabic-font-faces',
    enforce: 'pre',
    transform(code, id) {
      if (!FONT_CSS.test(id)) return null;
      const faces = code.replace(FACE, (face) =>
        ARABIC_FACE.test(face) ? face.replace('font-display: swap', 'font-display: optional') : '',
      );
      return { code: faces, map: null };
    },
  };
}
