// Compiles the server into dist/: one ES module per command, code shared between them in chunks, the packages it
// uses compiled in except those listed below.
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
  'copy-to-bucket-cli': 'src/media/copy-to-bucket-cli.ts',
};

/**
 * Packages left as imports: native addons, packages that read their own files at run time (the embedded
 * database's WebAssembly, the API docs' pages, the log transports' worker files) and the Socket.IO server,
 * which resolves its client files. Everything else is compiled in: one file loads far faster than hundreds of
 * CommonJS modules, each resolved and scanned for its exports.
 */
const KEEP_EXTERNAL = [
  'sharp',
  '@node-rs/argon2',
  '@electric-sql/pglite',
  'pino',
  'pino-pretty',
  'thread-stream',
  '@fastify/swagger-ui',
  'socket.io',
  '@socket.io/redis-streams-adapter',
  'pg-native',
  'bufferutil',
  'utf-8-validate',
];

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
  external: KEEP_EXTERNAL.flatMap((name) => [name, `${name}/*`]),
  // CommonJS packages compiled into an ES module still call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
process.stdout.write(
  `server compiled into ${path.relative(process.cwd(), outdir) || '.'} in ${Date.now() - started} ms\n`,
);
