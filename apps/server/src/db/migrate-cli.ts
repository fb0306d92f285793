import { loadEnv } from '../env';
import { embeddedDataDir, openDatabase } from './client';

const env = loadEnv();
const database = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  dataDir: embeddedDataDir(env.DATA_DIR),
  migrationsFolder: env.MIGRATIONS_DIR,
});
await database.exclusive('ray:startup', () => database.migrate());
await database.close();
console.log(`migrations applied (${database.kind})`);
