// Runs one of the compiled server's commands (`node scripts/launch.mjs server|migrate-cli|seed-cli`), building
// first what is missing or older than its sources, so that a fresh clone starts with `npm install && npm start`
// and an already-built checkout starts at once. Set RAY_SKIP_BUILD_CHECK=1 where the build is made apart.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

/** The newest modification time under the given files and folders (tests left out: they are not built). */
function newest(paths) {
  let latest = 0;
  const visit = (file) => {
    if (!existsSync(file)) return;
    const stats = statSync(file);
    if (stats.isDirectory()) {
      for (const entry of readdirSync(file)) if (entry !== 'node_modules') visit(path.join(file, entry));
    } else if (!/\.test\.tsx?$/.test(file)) latest = Math.max(latest, stats.mtimeMs);
  };
  for (const item of paths) visit(item);
  return latest;
}

const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : -1);

const parts = [
  {
    workspace: '@ray/web',
    // Written last by the web build (the server-rendering bundle comes after the browser one).
    output: at('apps/web/dist-ssr/entry-server.js'),
    sources: [
      at('apps/web/src'),
      at('apps/web/public'),
      at('apps/web/build'),
      at('apps/web/index.html'),
      at('apps/web/vite.config.ts'),
      at('packages/shared/src'),
    ],
  },
  {
    workspace: '@ray/server',
    output: at('apps/server/dist/server.js'),
    sources: [at('apps/server/src'), at('apps/server/scripts'), at('packages/shared/src')],
  },
];

const [command = 'server', ...rest] = process.argv.slice(2);
if (!/^[a-z-]+$/.test(command)) {
  process.stderr.write(`unknown command: ${command}\n`);
  process.exit(2);
}

if (process.env.RAY_SKIP_BUILD_CHECK !== '1') {
  for (const part of parts) {
    if (builtAt(part.output) >= newest(part.sources)) continue;
    process.stdout.write(`building ${part.workspace} (missing or older than its sources)\n`);
    const result = spawnSync('npm', ['run', 'build', '--workspace', part.workspace], {
      cwd: root,
      stdio: 'inherit',
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

const entry = at('apps/server/dist', `${command}.js`);
if (!existsSync(entry)) {
  process.stderr.write(`no such command in the build: ${command}\n`);
  process.exit(2);
}
process.env.NODE_ENV ??= 'production';
process.argv = [process.argv[0], entry, ...rest];
await import(pathToFileURL(entry).href);
