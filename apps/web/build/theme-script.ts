import type { Plugin } from 'vite';
// Relative: the config's own files are bundled with it, while packages are loaded as they are (TypeScript here).
import { THEME_SCRIPT } from '../../../packages/shared/src/theme.ts';

const CHARSET = /<meta charset="UTF-8" \/>/i;

/**
 * The theme script goes first in the head, right after the charset: it runs before the stylesheet is read and
 * anything is painted. Added after the build has processed the page, so it stays exactly the text whose hash
 * the server's Content-Security-Policy allows.
 */
export function themeScript(): Plugin {
  return {
    name: 'ray:theme-script',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => {
        if (!CHARSET.test(html)) throw new Error('index.html has no charset to put the theme script after');
        return html.replace(CHARSET, (charset) => `${charset}\n    <script>${THEME_SCRIPT}</script>`);
      },
    },
  };
}
