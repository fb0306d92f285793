import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(root, 'e2e/.artifacts/data');

export const MAIL_API = 'http://127.0.0.1:2526';
const OAUTH_PROVIDER = 'http://127.0.0.1:2600';
/** The stand-in push service that e2e/push.spec.ts runs: the only one the server may push to in these tests. */
const PUSH_SERVICE = 'http://127.0.0.1:2700';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // The demo community is read as `npm start` leaves it, before any other test adds posts to the same server.
  projects: [
    { name: 'demo-content', testMatch: 'polish-demo-content.spec.ts' },
    { name: 'app', testIgnore: 'polish-demo-content.spec.ts', dependencies: ['demo-content'] },
  ],
  outputDir: path.join(root, 'e2e/.artifacts/results'),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'ar-SA',
    timezoneId: 'Asia/Riyadh',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: 'node e2e/support/mail-server.mjs',
      cwd: root,
      url: `${MAIL_API}/`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'npx tsx apps/server/src/test/oauth-provider-cli.ts',
      cwd: root,
      url: `${OAUTH_PROVIDER}/`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { OAUTH_PROVIDER_PORT: '2600' },
    },
    {
      command: `rm -rf "${dataDir}" && node scripts/launch.mjs server`,
      cwd: root,
      url: `${baseURL}/api/ready`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'production',
        PORT: String(port),
        PUBLIC_URL: baseURL,
        // A known signing secret, so that e2e/unsubscribe.spec.ts can sign an unsubscribe link as the server does.
        JWT_SECRET: 'e2e-signing-secret-that-is-long-enough-for-hs256',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        SEED_DEMO: 'true',
        SMTP_URL: 'smtp://127.0.0.1:2525',
        RATE_LIMIT_PER_MINUTE: '100000',
        ACCESS_TOKEN_TTL_SECONDS: '900',
        GEOCODER_URL: 'http://127.0.0.1:9',
        LOG_LEVEL: 'warn',
        GOOGLE_CLIENT_ID: 'ray-e2e',
        GOOGLE_CLIENT_SECRET: 'ray-e2e-secret',
        GOOGLE_AUTHORIZE_URL: `${OAUTH_PROVIDER}/authorize`,
        GOOGLE_TOKEN_URL: `${OAUTH_PROVIDER}/token`,
        GOOGLE_USERINFO_URL: `${OAUTH_PROVIDER}/userinfo`,
        WEB_PUSH_ALLOWED_ORIGINS: PUSH_SERVICE,
      },
    },
  ],
});
