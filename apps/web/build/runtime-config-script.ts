import type { Plugin } from 'vite';

const TAG = '<script src="/config/env.js" defer></script>';

/**
 * The runtime configuration (`/config/env.js`, served by the API server) goes just before the app's module.
 * Written into index.html it would be taken for a script to bundle; added here, after the build has processed
 * the page, it stays a plain deferred script, and deferred scripts run in document order, so the configuration
 * is set before the app's module starts.
 */
export function runtimeConfigScript(): Plugin {
  return {
    name: 'ray:runtime-config-script',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => {
        const module = html.indexOf('<script type="module"');
        if (module < 0) throw new Error('index.html has no module script to put the configuration before');
        return `${html.slice(0, module)}${TAG}\n    ${html.slice(module)}`;
      },
    },
  };
}
