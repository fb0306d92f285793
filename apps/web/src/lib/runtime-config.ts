import {
  AD_AUTO_REFRESH,
  AD_REFRESH_INTERVAL_MS,
  INFINITE_SCROLL_THRESHOLDS,
  SOCIAL_PROVIDERS,
  type SocialProvider,
} from '@ray/shared/constants';
import type { RuntimeConfig } from '@ray/shared/schemas/config';

declare global {
  interface Window {
    /** Set by `/config/env.js` before the app starts. */
    __APP_CONFIG__?: unknown;
  }
}

const DEFAULTS: RuntimeConfig = {
  apiBaseUrl: '',
  identityBaseUrl: '',
  socialProviders: [],
  features: { darkMode: false, beta: false },
  infiniteScroll: { feedPx: INFINITE_SCROLL_THRESHOLDS[0], listPx: INFINITE_SCROLL_THRESHOLDS[1] },
  ads: { autoRefresh: AD_AUTO_REFRESH, refreshIntervalMs: AD_REFRESH_INTERVAL_MS },
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isProvider = (value: unknown): value is SocialProvider =>
  typeof value === 'string' && (SOCIAL_PROVIDERS as readonly string[]).includes(value);

/** A whole number within [min, max], else the fallback. */
const whole = (value: unknown, min: number, max: number, fallback: number): number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : fallback;

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * Reads `window.__APP_CONFIG__` field by field instead of through zod, so the first screen does not pay for the
 * schema library; anything missing or malformed falls back to the same-origin defaults.
 */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  if (!isRecord(raw)) return DEFAULTS;
  const features = isRecord(raw.features) ? raw.features : {};
  const scroll = isRecord(raw.infiniteScroll) ? raw.infiniteScroll : {};
  const ads = isRecord(raw.ads) ? raw.ads : {};
  return {
    apiBaseUrl: typeof raw.apiBaseUrl === 'string' ? trimSlash(raw.apiBaseUrl) : DEFAULTS.apiBaseUrl,
    identityBaseUrl:
      typeof raw.identityBaseUrl === 'string' ? trimSlash(raw.identityBaseUrl) : DEFAULTS.identityBaseUrl,
    socialProviders: Array.isArray(raw.socialProviders)
      ? [...new Set(raw.socialProviders.filter(isProvider))]
      : [],
    features: { darkMode: features.darkMode === true, beta: features.beta === true },
    infiniteScroll: {
      feedPx: whole(scroll.feedPx, 0, 10_000, DEFAULTS.infiniteScroll.feedPx),
      listPx: whole(scroll.listPx, 0, 10_000, DEFAULTS.infiniteScroll.listPx),
    },
    ads: {
      autoRefresh: ads.autoRefresh === true,
      refreshIntervalMs: whole(ads.refreshIntervalMs, 5_000, 3_600_000, DEFAULTS.ads.refreshIntervalMs),
    },
  };
}

let cached: RuntimeConfig | undefined;

/** Rendering on the server, where no `window.__APP_CONFIG__` exists: the same configuration env.js gives browsers. */
export function setRuntimeConfig(config: RuntimeConfig): void {
  cached = parseRuntimeConfig(config);
}

export function getRuntimeConfig(): RuntimeConfig {
  cached ??= parseRuntimeConfig(typeof window === 'undefined' ? undefined : window.__APP_CONFIG__);
  return cached;
}

/**
 * Uploaded files come back site-relative (`/uploads/...`), living on the API host, or absolute when they are
 * served from a bucket or a CDN (MEDIA_PUBLIC_URL), which pass through unchanged.
 */
export function resolveAssetUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (!path.startsWith('/') || path.startsWith('//')) return path;
  return `${getRuntimeConfig().apiBaseUrl}${path}`;
}
