import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3Server } from '../test/s3-server';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);

let s3: S3Server;
let dataDir: string;

const hex = (n: number) => n.toString(16).padStart(32, '0');
const files: Record<string, string> = {
  [`original/${hex(1)}.webp`]: 'original one',
  [`original/${hex(2)}.webp`]: 'original two',
  [`thumb/${hex(1)}.webp`]: 'thumb one',
  [`avatar/${hex(3)}.webp`]: 'avatar',
  'legacy/banner.png': 'an older folder',
};

beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = mkdtempSync(path.join(tmpdir(), 'ray-copy-'));
  for (const [key, text] of Object.entries(files)) {
    mkdirSync(path.join(dataDir, 'uploads', path.dirname(key)), { recursive: true });
    writeFileSync(path.join(dataDir, 'uploads', key), text);
  }
  writeFileSync(path.join(dataDir, 'uploads', '.DS_Store'), 'not an upload');
});
afterAll(async () => {
  await s3.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The command as an operator runs it (`npm run media:copy` runs its compiled form). */
function copyCommand(env: Record<string, string>) {
  return run(process.execPath, ['--import', 'tsx', 'src/media/copy-to-bucket-cli.ts'], {
    cwd: serverDir,
    // The SDK warns on stderr about Node versions it will stop supporting; the reason line is what is tested.
    env: { PATH: process.env.PATH, NODE_NO_WARNINGS: '1', NODE_ENV: 'test', DATA_DIR: dataDir, ...env },
    timeout: 60_000,
  });
}

describe('npm run media:copy', () => {
  it('copies every local upload into the bucket under the same key, with its content type', async () => {
    const { stdout } = await copyCommand(s3.env);
    expect(stdout).toMatch(
      /^5 files copied from .* into the bucket ray-media at http:\/\/127\.0\.0\.1:\d+, 0 already there\n$/,
    );
    for (const [key, text] of Object.entries(files)) expect((await s3.read(key))?.toString(), key).toBe(text);
    expect(await s3.has('.DS_Store')).toBe(false);
    const head = await s3.client.send(
      new HeadObjectCommand({ Bucket: s3.bucket, Key: `thumb/${hex(1)}.webp` }),
    );
    expect(head.ContentType).toBe('image/webp');
    expect(head.CacheControl).toBe('public, max-age=31536000, immutable');
    const png = await s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: 'legacy/banner.png' }));
    expect(png.ContentType).toBe('image/png');
  });

  it('skips what is already there with the same size when run again', async () => {
    writeFileSync(path.join(dataDir, 'uploads', `original/${hex(2)}.webp`), 'original two, re-encoded');
    const { stdout } = await copyCommand(s3.env);
    expect(stdout).toMatch(/^1 files copied .*, 4 already there\n$/);
    expect((await s3.read(`original/${hex(2)}.webp`))?.toString()).toBe('original two, re-encoded');
  });

  it('exits with a one-line reason when the bucket cannot be reached', async () => {
    const down = await startS3Server('ray-gone');
    const env = down.env;
    await down.stop();
    const failure = await copyCommand(env).then(
      () => null,
      (error: unknown) => error as { code: number; stdout: string; stderr: string },
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toBe('');
    expect(failure?.stderr).toMatch(
      /^media:copy: cannot reach the bucket ray-gone at http:\/\/127\.0\.0\.1:\d+: .+\n$/,
    );
  });

  it('exits with a one-line reason when no bucket is configured', async () => {
    const failure = await copyCommand({}).then(
      () => null,
      (error: unknown) => error as { code: number; stderr: string },
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toBe(
      'media:copy: S3_BUCKET is not set: there is no bucket to copy the uploads into\n',
    );
  });
});
