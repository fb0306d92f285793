import pino from 'pino';
import { loadEnv } from '../env';
import { embeddedDataDir, openDatabase } from './client';
import { createStorage } from '../lib/create-storage';
import { seedIfEmpty } from './seed';

const env = loadEnv();
const database = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  dataDir: embeddedDataDir(env.DATA_DIR),
  migrationsFolder: env.MIGRATIONS_DIR,
});
await database.migrate();
const seeded = await seedIfEmpty(database.db, {
  storage: await createStorage(env),
  adminEmails: env.ADMIN_EMAILS,
  logger: pino({ level: 'info' }),
});
await database.close();
console.log(seeded ? 'demo content seeded' : 'the database already has users: nothing seeded');
