/**
 * What a user chooses about each kind of notification: whether it appears in the app, whether it is pushed to
 * their devices, and whether the e-mail digest counts it. The product's own notices (a poll closing, moderation)
 * are not listed: they always appear in the app.
 */
export const PREFERENCE_KINDS = [
  'like',
  'rating',
  'poll',
  'comment',
  'reply',
  'mention',
  'follow',
  'trending',
] as const;
export type PreferenceKind = (typeof PREFERENCE_KINDS)[number];

export const PREFERENCE_CHANNELS = ['inApp', 'push', 'digest'] as const;
export type PreferenceChannel = (typeof PREFERENCE_CHANNELS)[number];

export type KindPreference = Record<PreferenceChannel, boolean>;

/**
 * What a user who never changed anything gets: everything in the app and in the digest (which itself is off),
 * pushes for what someone wrote to or about them and for new followers, none for votes.
 */
export const DEFAULT_PREFERENCES: Readonly<Record<PreferenceKind, KindPreference>> = {
  like: { inApp: true, push: false, digest: true },
  rating: { inApp: true, push: false, digest: true },
  poll: { inApp: true, push: false, digest: true },
  comment: { inApp: true, push: true, digest: true },
  reply: { inApp: true, push: true, digest: true },
  mention: { inApp: true, push: true, digest: true },
  follow: { inApp: true, push: true, digest: true },
  trending: { inApp: true, push: true, digest: true },
};

export const DIGEST_FREQUENCIES = ['off', 'daily', 'weekly'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

/** Saudi time, for everyone who has not chosen another zone. */
export const DEFAULT_TIME_ZONE = 'Asia/Riyadh';
