import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadEnv } from '../env';
import {
  BackupError,
  copyStoppedDatabase,
  copyUploads,
  dumpPostgres,
  fileStamp,
  moveFile,
  requestServerCopy,
  runningServer,
  uploadsBeside,
  writeCopy,
} from './backup';

/**
 * `npm run db:backup -- [file]`: a consistent copy of the database into `file` (default ray-<time>.tar.gz, or
 * .pgdump with DATABASE_URL, in the folder the command is run from), and the uploads kept in DATA_DIR/uploads
 * copied beside it as a folder. See docs/deploy.md.
 */

/** How long the running server may take to write its copy (a large database is compressed as a whole). */
const SERVER_COPY_TIMEOUT_MS = 10 * 60_000;

const say = (line: string) => process.stdout.write(`${line}\n`);

function fail(reason: string): never {
  process.stderr.write(`db:backup: ${reason}\n`);
  process.exit(1);
}

const env = loadEnv();
const args = process.argv.slice(2);
if (args.length > 1 || args[0]?.startsWith('-')) fail('usage: npm run db:backup -- [file]');
// npm runs scripts from the project's root; a relative path means the folder the command was typed in.
const typedIn = process.env.INIT_CWD ?? process.cwd();
const target = path.resolve(
  typedIn,
  args[0] ?? `ray-${fileStamp()}${env.DATABASE_URL ? '.pgdump' : '.tar.gz'}`,
);

try {
  if (env.DATABASE_URL) {
    await dumpPostgres(env.DATABASE_URL, target);
    say(`PostgreSQL database dumped to ${target} (pg_dump --format=custom)`);
  } else {
    const pid = runningServer(env.DATA_DIR);
    if (pid !== undefined) {
      say(`the server (pid ${pid}) has ${env.DATA_DIR} open: asking it for a copy`);
      await moveFile(
        await requestServerCopy(env.DATA_DIR, pid, { timeoutMs: SERVER_COPY_TIMEOUT_MS }),
        target,
      );
    } else {
      say(`no server has ${env.DATA_DIR} open: reading the folder`);
      await writeCopy(await copyStoppedDatabase(env.DATA_DIR), target);
    }
    say(`embedded database copied to ${target}`);
  }

  const uploads = path.join(env.DATA_DIR, 'uploads');
  if (env.S3_BUCKET) say(`uploads are in the bucket ${env.S3_BUCKET}: copy the bucket (docs/deploy.md)`);
  else if (existsSync(uploads)) {
    const beside = uploadsBeside(target);
    const count = await copyUploads(uploads, beside);
    say(`uploads copied to ${beside} (${count} files)`);
  } else say(`no uploads in ${uploads}`);
} catch (error) {
  if (error instanceof BackupError) fail(error.message);
  throw error;
}
