import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppConfig, updateAppConfigSchema } from '@ray/shared/schemas/config';
import { serverMsg } from '@ray/shared/server-messages.ar';
import { appSettings } from '../../db/schema';
import { cached } from '../../lib/caches';
import type { AppContext } from '../../lib/context';

const KEY = 'app-config';

const DEFAULTS = (ctx: AppContext): AppConfig => ({
  maintenanceMode: false,
  maintenanceMessage: serverMsg.maintenanceDefault,
  supportContact: ctx.env.SUPPORT_EMAIL,
  darkMode: false,
});

/** The remote configuration; cached briefly because every page load asks for it. */
export function getAppConfig(ctx: AppContext): Promise<AppConfig> {
  return cached(ctx.caches.config, KEY, async () => {
    const row = await ctx.database.db.query.appSettings.findFirst({ where: eq(appSettings.key, KEY) });
    return { ...DEFAULTS(ctx), ...((row?.value as Partial<AppConfig> | undefined) ?? {}) };
  });
}

/** The configuration when the cache holds it still fresh, without waiting: the request path's check. */
export function knownAppConfig(ctx: AppContext): AppConfig | undefined {
  return ctx.caches.config.get(KEY);
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
  ctx.caches.config.delete(KEY);
  return next;
}
