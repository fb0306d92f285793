// Compiles the server into dist/: one ES module per command, code shared between them in chunks. Packages stay
// imports resolved from node_modules at run time, except the workspace's shared contract, which is TypeScript.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'dist');

/** The commands the build makes, by their output name. */
export const ENTRIES = {
  server: 'src/server.ts',
  'migrate-cli': 'src/db/migrate-cli.ts',
  'seed-cli': 'src/db/seed-cli.ts',
  'backup-cli': 'src/db/backup-cli.ts',
  'restore-cli': 'src/db/restore-cli.ts',
};

const bundleOnlyWorkspace = {
  name: 'packages-external',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@ray/') ? undefined : { path: args.path, external: true },
    );
  },
};

await rm(outdir, { recursive: true, force: true });
const started = Date.now();
await build({
  absWorkingDir: root,
  entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, file])),
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [bundleOnlyWorkspace],
  logLevel: 'warning',
});
process.stdout.write(
  `server compiled into ${path.relative(process.cwd(), outdir) || '.'} in ${Date.now() - started} ms\n`,
);
