import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppConfig, updateAppConfigSchema } from '@ray/shared/schemas/config';
import { appSettings } from '../../db/schema';
import type { AppContext } from '../../lib/context';

const KEY = 'app-config';
const CACHE_MS = 5_000;

const DEFAULTS = (ctx: AppContext): AppConfig => ({
  maintenanceMode: false,
  maintenanceMessage: 'نعمل حالياً على تحسين المنصة، وسنعود قريباً. شكراً لصبركم.',
  supportContact: ctx.env.SUPPORT_EMAIL,
});

let cached: { value: AppConfig; until: number } | undefined;

/** The remote configuration; cached briefly because every page load asks for it. */
export async function getAppConfig(ctx: AppContext): Promise<AppConfig> {
  if (cached && cached.until > Date.now()) return cached.value;
  const row = await ctx.database.db.query.appSettings.findFirst({ where: eq(appSettings.key, KEY) });
  const value = { ...DEFAULTS(ctx), ...((row?.value as Partial<AppConfig> | undefined) ?? {}) };
  cached = { value, until: Date.now() + CACHE_MS };
  return value;
}

export async function updateAppConfig(
  ctx: AppContext,
  changes: z.output<typeof updateAppConfigSchema>,
): Promise<AppConfig> {
  const next = {
    ...(await getAppConfig(ctx)),
    ...Object.fromEntries(Object.entries(changes).filter(([, value]) => (value as unknown) !== undefined)),
  };
  await ctx.database.db
    .insert(appSettings)
    .values({ key: KEY, value: next })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: next, updatedAt: sql`now()` } });
  cached = undefined;
  return next;
}
