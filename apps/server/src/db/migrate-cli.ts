import { loadEnv } from '../env';
import { embeddedDataDir, openDatabase } from './client';

const env = loadEnv();
const database = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  dataDir: embeddedDataDir(env.DATA_DIR),
});
await database.migrate();
await database.close();
console.log(`migrations applied (${database.kind})`);
