import { z } from 'zod';
import { SOCIAL_PROVIDERS } from '../constants';

/** Remote configuration read at start-up (`GET /api/config`). */
export const appConfigSchema = z.object({
  maintenanceMode: z.boolean(),
  maintenanceMessage: z.string(),
  supportContact: z.string(),
  /** Whether readers may turn the dark theme on (runtime configuration `features.darkMode`); off by default. */
  darkMode: z.boolean(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

/** The longest maintenance message an admin may write. */
export const MAINTENANCE_MESSAGE_MAX = 500;

export const updateAppConfigSchema = z.object({
  maintenanceMode: z.boolean().optional(),
  maintenanceMessage: z.string().trim().min(1).max(MAINTENANCE_MESSAGE_MAX).optional(),
  supportContact: z.string().trim().min(1).max(200).optional(),
  darkMode: z.boolean().optional(),
});

/** Runtime configuration served as `/config/env.js` (`window.__APP_CONFIG__`). */
export const runtimeConfigSchema = z.object({
  apiBaseUrl: z.string(),
  identityBaseUrl: z.string(),
  socialProviders: z.array(z.enum(SOCIAL_PROVIDERS)),
  features: z.object({ darkMode: z.boolean(), beta: z.boolean() }),
  /** Distance in px from the end of a list at which its next page loads (spec section 9: 500 and 800). */
  infiniteScroll: z.object({
    /** The home feed. */
    feedPx: z.number().int().min(0).max(10_000),
    /** Profile, my posts and bookmarks. */
    listPx: z.number().int().min(0).max(10_000),
  }),
  /** Ad placements fetch their ads again every `refreshIntervalMs` while `autoRefresh` is on. */
  ads: z.object({ autoRefresh: z.boolean(), refreshIntervalMs: z.number().int().min(5_000).max(3_600_000) }),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
