import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Metrics } from '../lib/metrics';
import { loadShedding } from '../plugins/load-shedding';
import { requestLimit, type RequestBudget } from '../plugins/rate-limit';
import { accountRoutes } from './account/account.routes';
import { adminAdsRoutes, adsRoutes } from './ads/ads.routes';
import { adminAnalyticsRoutes, analyticsRoutes } from './analytics/analytics.routes';
import { attachmentsRoutes } from './attachments/attachments.routes';
import { auditRoutes } from './audit/audit.routes';
import { bookmarksRoutes } from './bookmarks/bookmarks.routes';
import { commentsRoutes } from './comments/comments.routes';
import { configRoutes } from './config/config.routes';
import { maintenanceMode } from './config/maintenance-gate';
import { adminContactRoutes, contactRoutes } from './contact/contact.routes';
import { emailRoutes } from './digest/digest.routes';
import { geoRoutes } from './geo/geo.routes';
import { hashtagsRoutes } from './hashtags/hashtags.routes';
import { healthRoutes } from './health/health.routes';
import { moderationRoutes } from './moderation/moderation.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { notificationPreferencesRoutes } from './notifications/preferences.routes';
import { postsRoutes } from './posts/posts.routes';
import { pushRoutes } from './push/push.routes';
import { reportsRoutes } from './reports/reports.routes';
import { searchRoutes } from './search/search.routes';
import { socialRoutes } from './social/social.routes';
import { trendsRoutes } from './trends/trends.routes';
import { usersRoutes } from './users/users.routes';
import { votesRoutes } from './votes/votes.routes';

/**
 * Every module's routes and where each is mounted under /api: the one list a new module joins. (The server is
 * bundled into one file, so the folders cannot be scanned for routes at run time.)
 */
const API_ROUTES: readonly (readonly [FastifyPluginAsyncZod, string])[] = [
  [healthRoutes, ''],
  [accountRoutes, '/account'],
  [socialRoutes, '/account'],
  [usersRoutes, '/users'],
  [configRoutes, '/config'],
  [postsRoutes, '/posts'],
  [searchRoutes, '/posts'],
  [trendsRoutes, '/posts'],
  [hashtagsRoutes, '/hashtags'],
  [votesRoutes, '/votes'],
  [commentsRoutes, '/comments'],
  [bookmarksRoutes, '/bookmarks'],
  [reportsRoutes, '/reports'],
  [moderationRoutes, '/moderation'],
  [auditRoutes, '/admin/audit-log'],
  [attachmentsRoutes, '/attachment'],
  [geoRoutes, '/geo'],
  [notificationsRoutes, '/notifications'],
  [notificationPreferencesRoutes, '/notifications'],
  [pushRoutes, '/push'],
  [adsRoutes, '/ads'],
  [adminAdsRoutes, '/admin/ads'],
  [analyticsRoutes, '/analytics'],
  [adminAnalyticsRoutes, '/admin/analytics'],
  [contactRoutes, '/contact'],
  [adminContactRoutes, '/admin/contact-messages'],
  [emailRoutes, '/email'],
];

export interface ApiOptions {
  /** API requests in progress past which new ones are refused with 503 (MAX_IN_FLIGHT). */
  maxInFlight: number;
  metrics: Metrics;
  budget: RequestBudget;
}

/**
 * The API (mounted at /api): bounded in flight, limited per address, closed to all but admins during maintenance,
 * then every module's routes.
 */
export async function api(app: FastifyInstance, options: ApiOptions) {
  await app.register(loadShedding, { maxInFlight: options.maxInFlight, metrics: options.metrics });
  await app.register(requestLimit, { budget: options.budget });
  await app.register(maintenanceMode);
  for (const [routes, prefix] of API_ROUTES) await app.register(routes, { prefix });
}
