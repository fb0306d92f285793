import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadEnv } from '../env';
import { BackupError, restoreEmbedded, restoreUploads, runningServer, uploadsBeside } from './backup';

/**
 * `npm run db:restore -- <file>`: replaces the embedded database of DATA_DIR with a copy made by db:backup, and
 * the uploads with the folder beside it when there is one. The current ones are kept beside them. The server
 * must be stopped; a PostgreSQL dump is restored with pg_restore (docs/deploy.md).
 */

const say = (line: string) => process.stdout.write(`${line}\n`);

function fail(reason: string): never {
  process.stderr.write(`db:restore: ${reason}\n`);
  process.exit(1);
}

const env = loadEnv();
const args = process.argv.slice(2);
if (args.length !== 1 || args[0]!.startsWith('-')) fail('usage: npm run db:restore -- <file>');
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0]!);

if (env.DATABASE_URL)
  fail(
    'DATABASE_URL is set: restore a PostgreSQL dump with ' +
      'pg_restore --clean --if-exists --no-owner --dbname <url> <file> (docs/deploy.md)',
  );
const pid = runningServer(env.DATA_DIR);
if (pid !== undefined) fail(`a server (pid ${pid}) has ${env.DATA_DIR} open: stop it, then restore`);
if (!existsSync(file)) fail(`no such file: ${file}`);

try {
  const database = await restoreEmbedded(env.DATA_DIR, file);
  say(`embedded database restored from ${file}`);
  if (database.setAside) say(`the database it replaced is kept in ${database.setAside}`);
  const uploads = uploadsBeside(file);
  if (existsSync(uploads)) {
    const restored = await restoreUploads(uploads, env.DATA_DIR);
    say(`uploads restored from ${uploads} (${restored.count} files)`);
    if (restored.setAside) say(`the uploads they replaced are kept in ${restored.setAside}`);
  } else say(`no uploads beside the copy (${uploads}): DATA_DIR/uploads left as it is`);
} catch (error) {
  if (error instanceof BackupError) fail(error.message);
  throw error;
}
