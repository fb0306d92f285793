import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { FileStorage } from '../lib/storage';
import type { Database, DatabaseHandle } from './client';
import { appSecrets } from './schema';
import { seedIfEmpty } from './seed';

const STARTUP_LOCK = 'ray:startup';
const TOKEN_SECRET = 'jwt-secret';

/** The secret shared by every instance: the stored one, else `initial` stored now (the first caller wins). */
export async function sharedSecret(db: Database, name: string, initial: () => string): Promise<string> {
  await db.insert(appSecrets).values({ name, value: initial() }).onConflictDoNothing();
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, name));
  if (!row) throw new Error(`the shared secret ${name} could not be stored`);
  return row.value;
}

/**
 * Brings the database to the code's schema and returns the token signing key. Instances started together take
 * turns under one lock: the first migrates, generates the key (unless JWT_SECRET sets it) and adds the demo
 * content; the others find all of it done.
 */
export async function prepareDatabase(
  database: DatabaseHandle,
  options: {
    migrate: boolean;
    jwtSecret: string | undefined;
    dataDir: string;
    seedDemo: boolean;
    adminEmails: string[];
    storage: FileStorage;
    logger: FastifyBaseLogger;
  },
): Promise<string> {
  return database.exclusive(STARTUP_LOCK, async () => {
    if (options.migrate) await database.migrate();
    const secret =
      options.jwtSecret ??
      (await sharedSecret(database.db, TOKEN_SECRET, () => {
        // A data folder from before the key lived in the database keeps its key, so nobody is signed out.
        const legacy = path.join(options.dataDir, TOKEN_SECRET);
        return existsSync(legacy)
          ? readFileSync(legacy, 'utf8').trim()
          : randomBytes(48).toString('base64url');
      }));
    if (options.seedDemo)
      await seedIfEmpty(database.db, {
        storage: options.storage,
        adminEmails: options.adminEmails,
        logger: options.logger,
      });
    return secret;
  });
}
