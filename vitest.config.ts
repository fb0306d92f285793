import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two cores: one worker per core; the server tests each boot a real app on a real database.
    pool: 'forks',
    maxWorkers: 2,
    // Only when run with `--coverage` (as `npm test` does); the four-line summary keeps the CI log short.
    coverage: {
      provider: 'v8',
      reporter: ['text-summary'],
      include: ['apps/server/src/**/*.{ts,tsx}', 'apps/web/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
      exclude: [
        '**/*.test.{ts,tsx}',
        '**/*.d.ts',
        '**/dist/**',
        '**/dist-ssr/**',
        // Test helpers, and the fault and cluster suites with their own harnesses.
        'apps/server/src/test/**',
        'apps/web/src/test/**',
        'apps/server/src/faults/**',
        'apps/server/src/cluster/**',
      ],
    },
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The app's own `@/` imports (apps/web/tsconfig.json), resolved as Vite does for the build.
        resolve: { tsconfigPaths: true },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/build/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        // Stop and start their own PostgreSQL and Redis: run apart with `npm run test:faults`.
        test: {
          name: 'faults',
          include: ['apps/server/src/faults/**/*.fault.ts'],
          fileParallelism: false,
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Starts its own PostgreSQL, Redis, bucket, two built instances and nginx: `npm run test:cluster`.
        test: {
          name: 'cluster',
          include: ['apps/server/src/cluster/**/*.cluster.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
