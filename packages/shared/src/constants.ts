/** Business constants of spec section 9, one place for server and web. */

export const HTTP_TIMEOUT_MS = 30_000;
export const QUERY_STALE_MS = 5 * 60_000;
export const QUERY_GC_MS = 10 * 60_000;
export const QUERY_RETRY = 1;
export const TOAST_DURATION_MS = 5_000;

export const PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 50;
export const TRENDING_DAYS_DEFAULT = 7;
export const TRENDING_PERIODS = [1, 7, 30] as const;
export const TRENDING_HASHTAGS_DEFAULT = 10;
export const REPORTS_PAGE_SIZE = 20;
export const AUDIT_LOG_PAGE_SIZE = 20;
export const NOTIFICATIONS_DEFAULT_LIMIT = 20;
export const NOTIFICATIONS_PAGE_LIMIT = 50;
export const NOTIFICATIONS_REFRESH_MS = 30_000;
export const UNREAD_BADGE_MAX = 9;
export const SEARCH_SIDEBAR_HASHTAGS = 5;
/** How near (px) the end marker comes before the next page loads: [the home feed, the other post lists]. */
export const INFINITE_SCROLL_THRESHOLDS = [500, 800] as const;
export const SCROLL_LOCK_MS = 1_000;

export const QUICK_POST_MAX = 500;
export const QUICK_POST_WARN = 450;
export const POST_MIN = 10;
export const POST_MAX = 500;
export const CARD_TRUNCATE = 150;
export const REPORT_EXCERPT = 150;
export const REPORT_DETAILS_MAX = 500;
/** A moderator's warning to an author, delivered as a notification. */
export const WARNING_MAX = 500;
/** A suspension lasts at least an hour and at most a year from the moment it is set. */
export const SUSPENSION_MIN_MS = 60 * 60_000;
export const SUSPENSION_MAX_MS = 365 * 24 * 60 * 60_000;
export const COMMENT_TRUNCATE = 200;
export const COMMENT_MAX = 1_000;
export const BIO_MAX = 300;
export const SHARE_TITLE_MAX = 50;
export const SHARE_TEXT_SHORT = 100;
export const SHARE_TEXT_LONG = 200;
export const META_TITLE_MAX = 60;
export const META_DESCRIPTION_MAX = 160;

export const MB = 1024 * 1024;
export const QUICK_POST_IMAGE_MAX = 5 * MB;
export const POST_IMAGE_MAX = 10 * MB;
export const AVATAR_MAX = 5 * MB;
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const POST_IMAGE_HEIGHT = 400;

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX_BYTES = 1_024;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const NAME_MIN = 2;
export const NAME_MAX = 50;
export const EMAIL_MAX = 254;
export const CONTACT_NAME_MIN = 2;
export const CONTACT_SUBJECT_MIN = 5;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_NAME_MAX = 100;
export const CONTACT_SUBJECT_MAX = 200;
export const CONTACT_MESSAGE_MAX = 5_000;
export const CONTACT_MESSAGES_PAGE_SIZE = 20;
export const POLL_OPTIONS_MIN = 2;
export const POLL_OPTIONS_MAX = 10;
export const POLL_OPTION_MAX = 100;
export const LOCATION_NAME_MAX = 200;
/** The author's description of a post's image (posts.image_alt). */
export const IMAGE_ALT_MAX = 200;
/** Stored coordinates keep two decimals: about 1 km, enough for a place name, not for a home. */
export const LOCATION_DECIMALS = 2;

export const REALTIME_TOKEN_MIN = 50;
export const REALTIME_RECONNECT_DELAYS_MS = [0, 2_000, 10_000, 30_000] as const;
export const REALTIME_PATH = '/hubs/notifications';

export const ADS_EVERY_N_POSTS = 3;
/**
 * Between posts, an ad is planned only at every second of the spec's slots: six posts apart, more than a phone's
 * screen, so two ads never show at once; with the ad at the top of the page that is two per ten posts.
 */
export const AD_FEED_GAP_POSTS = 6;
/** Between-posts ads planned for one page view; past them (and when nothing fresh is left) the slots stay empty. */
export const AD_FEED_SLOTS_PER_VIEW = 8;
/** How often one ad may appear in one page view, never twice on one screen nor twice in a row in a placement. */
export const AD_SAME_AD_PER_VIEW = 2;
export const AD_IMPRESSION_DELAY_MS = 500;
/** Ads auto-refresh: off unless configured; when on, a placement fetches its ads again this often. */
export const AD_AUTO_REFRESH = false;
export const AD_REFRESH_INTERVAL_MS = 30_000;
export const AD_PLACEMENTS = ['Header', 'Footer', 'Sidebar', 'BetweenPosts', 'PostDetail', 'Mobile'] as const;
export type AdPlacement = (typeof AD_PLACEMENTS)[number];
export const AD_MAX_PER_PLACEMENT: Record<AdPlacement, number> = {
  Header: 1,
  Footer: 1,
  Sidebar: 3,
  BetweenPosts: 1,
  PostDetail: 1,
  Mobile: 1,
};
export const AD_BLOCKED_PATHS = ['/login', '/register', '/auth/login', '/auth/register'] as const;

export const GEOLOCATION_TIMEOUT_MS = 10_000;
export const GEOLOCATION_MAX_AGE_MS = 5 * 60_000;

export const SOCIAL_PROVIDERS = ['google', 'facebook', 'apple', 'twitter', 'snapchat', 'github'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
/** Custom address scheme of the mobile app, tried first when a sign-in returns on a phone. */
export const MOBILE_APP_SCHEME = 'ray';
/** How long the mobile callback waits to see whether the app took the sign-in over. */
export const MOBILE_HANDOFF_WAIT_MS = 1_000;

export const CONTACT_RESPONSE_HOURS = { general: 24, technical: 12, business: 48 } as const;
export const PAGE_TIME_MIN_MS = 5_000;
export const ANALYTICS_CURRENCY = 'SAR';
/** First-party analytics: a batch holds at most 20 events, each with at most 10 flat properties. */
export const ANALYTICS_BATCH_MAX = 20;
export const ANALYTICS_PROPERTIES_MAX = 10;
export const ANALYTICS_STRING_MAX = 200;

/** localStorage keys named by spec section 3. */
export const STORAGE_KEYS = {
  authStore: 'auth-store',
  authToken: 'authToken',
  refreshToken: 'refreshToken',
  userId: 'userId',
  returnUrl: 'returnUrl',
} as const;

/**
 * The element of a server-rendered page that carries its state (`<script type="application/json">`): the server
 * writes it, the web app reads it when it takes the page over.
 */
export const SERVER_STATE_ELEMENT_ID = 'ray-server-state';
