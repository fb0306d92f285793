import './process-tuning';
import { buildApp } from './app';
import { describeDatabaseFailure } from './db/connection-failure';
import { EnvError, loadEnv, type Env } from './env';

const DRAIN_GRACE_MS = 1_000;
const LISTEN_BACKLOG = 4_096;

async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  let app;
  try {
    app = await buildApp({ env });
  } catch (error) {
    exitWithDatabaseFailure(error, env);
    throw error;
  }
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 25_000);
    force.unref();
    // Refuse new work first and let clients hang up on their own, then close the port.
    app.drain();
    setTimeout(() => {
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    }, DRAIN_GRACE_MS);
  };
  process.on('SIGTERM', () => {
    shutdown('SIGTERM');
  });
  process.on('SIGINT', () => {
    shutdown('SIGINT');
  });

  // A burst of new connections waits in the kernel's accept queue while the server is busy. Node's default of
  // 511 overflows when hundreds of clients connect at once, and a dropped connection attempt is retried by the
  // client only after one second, then three, then seven: a request that would have been answered (or refused
  // with 503 at once) times out instead. The kernel caps the queue at net.core.somaxconn.
  await app.listen({ port: env.PORT, host: env.HOST, backlog: LISTEN_BACKLOG });
  app.log.info(`رأي is ready at ${env.PUBLIC_URL}`);
}

/**
 * A DATABASE_URL that cannot be used is a setting to fix, not a bug: one line that names the cause and the
 * address (never the password) says more to an operator than a stack trace from inside the driver.
 */
function exitWithDatabaseFailure(error: unknown, env: Env) {
  const line = env.DATABASE_URL ? describeDatabaseFailure(error, env.DATABASE_URL) : undefined;
  if (!line) return;
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
