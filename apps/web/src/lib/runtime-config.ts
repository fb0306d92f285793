import { SOCIAL_PROVIDERS, type SocialProvider } from '@ray/shared/constants';
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
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isProvider = (value: unknown): value is SocialProvider =>
  typeof value === 'string' && (SOCIAL_PROVIDERS as readonly string[]).includes(value);

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * Reads `window.__APP_CONFIG__` field by field instead of through zod, so the first screen does not pay for the
 * schema library; anything missing or malformed falls back to the same-origin defaults.
 */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  if (!isRecord(raw)) return DEFAULTS;
  const features = isRecord(raw.features) ? raw.features : {};
  return {
    apiBaseUrl: typeof raw.apiBaseUrl === 'string' ? trimSlash(raw.apiBaseUrl) : DEFAULTS.apiBaseUrl,
    identityBaseUrl:
      typeof raw.identityBaseUrl === 'string' ? trimSlash(raw.identityBaseUrl) : DEFAULTS.identityBaseUrl,
    socialProviders: Array.isArray(raw.socialProviders)
      ? [...new Set(raw.socialProviders.filter(isProvider))]
      : [],
    features: { darkMode: features.darkMode === true, beta: features.beta === true },
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
