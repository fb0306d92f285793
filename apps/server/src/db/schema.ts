import { sql } from 'drizzle-orm';
import {
  customType,
  date,
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AnyPgColumn, PgColumn } from 'drizzle-orm/pg-core';
import {
  DEFAULT_TIME_ZONE,
  DIGEST_FREQUENCIES,
  PREFERENCE_KINDS,
} from '@ray/shared/notification-preferences';
import { NOTIFICATION_KINDS } from '@ray/shared/realtime';
import { AD_EVENT_KINDS } from '@ray/shared/schemas/ad';
import { CONTACT_CATEGORIES } from '@ray/shared/schemas/contact';
import { VOTING_TYPES } from '@ray/shared/schemas/post';
import { REPORT_REASONS } from '@ray/shared/schemas/report';
import { ROLES } from '@ray/shared/schemas/user';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * `column in ('a', 'b')` for a check constraint, built from the list shared with the zod schemas so the database and
 * the API accept the same values. The text matches what the migrations hold, so drizzle-kit sees no change.
 */
const oneOf = (column: PgColumn, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '))})`;

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Absent for social sign-ins whose provider gave no verified address of its own. */
    email: text(),
    username: text().notNull(),
    /** Lower-cased username so that "Sara" and "sara" cannot both exist. */
    usernameKey: text().notNull(),
    passwordHash: text(),
    firstName: text().notNull(),
    lastName: text().notNull().default(''),
    bio: text(),
    avatarUrl: text(),
    role: text({ enum: ROLES }).notNull().default('user'),
    isGuest: boolean().notNull().default(false),
    /** When the address in `email` was confirmed through a verification link; null until then. */
    emailVerifiedAt: timestamp({ withTimezone: true }),
    /** A moderator's suspension: no posting, commenting or voting before this moment. */
    suspendedUntil: timestamp({ withTimezone: true }),
    /** Public counts: anonymous posts never move them. */
    postsCount: integer().notNull().default(0),
    followersCount: integer().notNull().default(0),
    followingCount: integer().notNull().default(0),
    /** An IANA zone; the digest goes out in the user's morning and quiet hours are read in it. */
    timeZone: text().notNull().default(DEFAULT_TIME_ZONE),
    digestFrequency: text({ enum: DIGEST_FREQUENCIES }).notNull().default('off'),
    /** Hours of the day (0–23, in `timeZone`) between which nothing is pushed; both set or both null. */
    quietHoursStart: smallint(),
    quietHoursEnd: smallint(),
    /** When the last digest was sent, so that a digest goes out once per period whichever instance sends it. */
    digestSentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // The digest job reads only the people who asked for one.
    index('users_digest_idx')
      .on(t.id)
      .where(sql`${t.digestFrequency} <> 'off'`),
    check('users_digest_frequency_check', oneOf(t.digestFrequency, DIGEST_FREQUENCIES)),
    check(
      'users_quiet_hours_check',
      sql`(${t.quietHoursStart} is null) = (${t.quietHoursEnd} is null) and ${t.quietHoursStart} between 0 and 23 and ${t.quietHoursEnd} between 0 and 23`,
    ),
    uniqueIndex('users_username_key').on(t.usernameKey),
    // Sign-ups per day for the admin dashboard. BRIN: rows arrive in time order, so a few kilobytes bound the
    // scan to the period asked for, and writes pay almost nothing (also on votes and comments).
    index('users_created_brin').using('brin', t.createdAt),
    check('users_role_check', oneOf(t.role, ROLES)),
    check(
      'users_counts_check',
      sql`${t.postsCount} >= 0 and ${t.followersCount} >= 0 and ${t.followingCount} >= 0`,
    ),
  ],
);

/** A sign-in session: one family of rotating refresh tokens. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rememberMe: boolean().notNull().default(false),
    userAgent: text(),
    ip: text(),
    createdAt: createdAt(),
    /** Moved forward (coarsely) when the session is refreshed or used, for the list of active sessions. */
    lastUsedAt: createdAt(),
    /** Absolute lifetime: rotation never extends a session past this. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sessionId: uuid()
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** Set when the token is exchanged; presenting it again later is reuse. */
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_session_idx').on(t.sessionId),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

/** Single-use links that confirm an e-mail address, sent at registration and when the address changes. */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address the link confirms: a link sent before a change of address confirms nothing after it. */
    email: text().notNull(),
    tokenHash: text().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('email_verification_tokens_hash_key').on(t.tokenHash),
    index('email_verification_tokens_user_idx').on(t.userId),
  ],
);

export const appSettings = pgTable('app_settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: createdAt(),
});

export const posts = pgTable(
  'posts',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    authorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text().notNull(),
    /** Arabic-normalised copy of the content, for search only. */
    contentNormalized: text().notNull(),
    isAnonymous: boolean().notNull().default(false),
    votingType: text({ enum: VOTING_TYPES }).notNull(),
    pollOptions: jsonb().$type<string[]>(),
    imageUrl: text(),
    /** The author's description of the image, for screen readers and when it does not load. */
    imageAlt: text(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    locationName: text(),
    upVotes: integer().notNull().default(0),
    downVotes: integer().notNull().default(0),
    ratingSum: integer().notNull().default(0),
    ratingCount: integer().notNull().default(0),
    /** One counter per poll option, in option order. */
    pollCounts: integer().array(),
    commentCount: integer().notNull().default(0),
    /** Set by moderation: a hidden post is visible only to its author and moderators. */
    hiddenAt: timestamp({ withTimezone: true }),
    /** When the author last changed the content; earlier contents are kept in post_versions. */
    editedAt: timestamp({ withTimezone: true }),
    /** A poll's end: no vote is taken after it, and its results are final. Null for an open poll. */
    pollClosesAt: timestamp({ withTimezone: true }),
    /** When the voters were told the poll had closed (the periodic job), so that they are told once. */
    pollClosedNotifiedAt: timestamp({ withTimezone: true }),
    /** Arabic full-text vector of the normalised content (stemmed: كتاب matches الكتاب and كتب). */
    searchVector: tsvector().generatedAlwaysAs(sql`to_tsvector('arabic', content_normalized)`),
    /** Consonant skeletons of the words (function `arabic_skeleton`, migration 0001): finds broken plurals the stemmer misses, كتاب and الكتب. */
    searchSkeleton: tsvector().generatedAlwaysAs(
      sql`to_tsvector('simple', arabic_skeleton(content_normalized))`,
    ),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    // `desc().nullsFirst()` is what `order by … desc` means; the `desc nulls last` of a plain `desc()` cannot
    // serve it, and the query would sort instead of reading the index in order.
    index('posts_author_idx').on(t.authorId, t.id.desc().nullsFirst()),
    index('posts_created_idx').on(t.createdAt.desc()),
    index('posts_search_idx').using('gin', t.searchVector),
    index('posts_content_trgm_idx').using('gin', sql`${t.contentNormalized} gin_trgm_ops`),
    index('posts_skeleton_idx').using('gin', t.searchSkeleton),
    // Whether someone has posts that moderators hid (which they alone still see in their lists): a reader
    // without any may be given the lists every visitor gets, with their own votes and bookmarks.
    index('posts_hidden_author_idx')
      .on(t.authorId)
      .where(sql`${t.hiddenAt} is not null`),
    // The polls whose voters still have to be told that they closed, soonest first.
    index('posts_poll_closing_idx')
      .on(t.pollClosesAt)
      .where(sql`${t.pollClosesAt} is not null and ${t.pollClosedNotifiedAt} is null`),
    check('posts_voting_type_check', oneOf(t.votingType, VOTING_TYPES)),
    check('posts_content_check', sql`char_length(${t.content}) between 1 and 500`),
    check('posts_image_alt_check', sql`char_length(${t.imageAlt}) <= 200`),
    check(
      'posts_counts_check',
      sql`${t.upVotes} >= 0 and ${t.downVotes} >= 0 and ${t.ratingSum} >= 0 and ${t.ratingCount} >= 0 and ${t.commentCount} >= 0`,
    ),
    check(
      'posts_poll_check',
      sql`(${t.votingType} = 'poll') = (${t.pollOptions} is not null and ${t.pollCounts} is not null)`,
    ),
  ],
);

export const hashtags = pgTable(
  'hashtags',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Normalised key that groups written variants. */
    key: text().notNull(),
    /** The most used written form, shown to people. */
    name: text().notNull(),
    postCount: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('hashtags_key_key').on(t.key),
    index('hashtags_key_trgm_idx').using('gin', sql`${t.key} gin_trgm_ops`),
    index('hashtags_post_count_idx').on(t.postCount.desc().nullsFirst(), t.id),
    check('hashtags_post_count_check', sql`${t.postCount} >= 0`),
  ],
);

export const postHashtags = pgTable(
  'post_hashtags',
  {
    hashtagId: bigint({ mode: 'number' })
      .notNull()
      .references(() => hashtags.id, { onDelete: 'cascade' }),
    postId: bigint({ mode: 'number' })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    /** The tag as written in this post. */
    name: text().notNull(),
    /** Where the tag stands among the post's tags, so a post shows its tags in the order they were written. */
    position: smallint().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.hashtagId, t.postId] }),
    index('post_hashtags_post_idx').on(t.postId),
    /** Trends read only the window they cover, whatever the size of the whole history. */
    index('post_hashtags_time_idx').on(t.createdAt.desc(), t.hashtagId),
  ],
);

/**
 * The trend rankings' own counts, kept by triggers as posts, votes, comments and tag uses are written (migration
 * 0008), so that a refresh reads the top of an index instead of the period's rows. Hidden and deleted posts are
 * counted out. These tables have no foreign keys: their rows go with the posts and tags they count.
 */

/** Every visible post and its trending score: log2(engagement + 1) + hours since the epoch / 6. */
export const postTrends = pgTable(
  'post_trends',
  {
    postId: bigint({ mode: 'number' }).primaryKey(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    hot: doublePrecision().notNull(),
  },
  (t) => [
    index('post_trends_hot_idx').on(t.hot.desc().nullsFirst(), t.postId.desc().nullsFirst(), t.createdAt),
  ],
);

/** A trending period (1, 7 or 30 days) counts the tag uses made after `countedFrom`, moved on at each refresh. */
export const trendWindows = pgTable('trend_windows', {
  days: smallint().primaryKey(),
  countedFrom: timestamp({ withTimezone: true }).notNull(),
});

/** Visible uses of a tag by one author on one Saudi calendar day. */
export const hashtagAuthorDays = pgTable(
  'hashtag_author_days',
  {
    hashtagId: bigint({ mode: 'number' }).notNull(),
    day: date().notNull(),
    authorId: uuid().notNull(),
    uses: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.hashtagId, t.day, t.authorId] })],
);

/** Distinct authors of a tag on one Saudi calendar day: the daily series of a trending tag. */
export const hashtagDays = pgTable(
  'hashtag_days',
  {
    hashtagId: bigint({ mode: 'number' }).notNull(),
    day: date().notNull(),
    authors: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.hashtagId, t.day] })],
);

/** Visible uses of a tag by one author within a trending period. */
export const hashtagWindowAuthors = pgTable(
  'hashtag_window_authors',
  {
    days: smallint().notNull(),
    hashtagId: bigint({ mode: 'number' }).notNull(),
    authorId: uuid().notNull(),
    uses: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.days, t.hashtagId, t.authorId] }),
    /** Authors whose last use has left the period, removed at the next refresh. */
    index('hashtag_window_authors_gone_idx')
      .on(t.days)
      .where(sql`${t.uses} = 0`),
  ],
);

/** Distinct authors and visible uses of a tag within a trending period, ranked through their index. */
export const hashtagWindows = pgTable(
  'hashtag_windows',
  {
    days: smallint().notNull(),
    hashtagId: bigint({ mode: 'number' }).notNull(),
    authors: integer().notNull(),
    uses: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.days, t.hashtagId] }),
    index('hashtag_windows_rank_idx').on(
      t.days,
      t.authors.desc().nullsFirst(),
      t.uses.desc().nullsFirst(),
      t.hashtagId.desc().nullsFirst(),
    ),
  ],
);

export const votes = pgTable(
  'votes',
  {
    postId: bigint({ mode: 'number' })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1 / -1 for like-dislike, 1..5 for rating, the option index for a poll. */
    value: smallint().notNull(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    index('votes_user_idx').on(t.userId),
    index('votes_created_brin').using('brin', t.createdAt),
    check('votes_value_check', sql`${t.value} between -1 and 9`),
  ],
);

export const bookmarks = pgTable(
  'bookmarks',
  {
    /** Orders a user's bookmarks by when they were saved, for keyset pages. */
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: bigint({ mode: 'number' })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId] }),
    uniqueIndex('bookmarks_user_order_idx').on(t.userId, t.id.desc().nullsFirst()),
    index('bookmarks_post_idx').on(t.postId),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    postId: bigint({ mode: 'number' })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The top-level comment a reply answers; null for a comment on the post itself. Replies are one level deep: a
     * reply to a reply is stored under the same top-level comment.
     */
    parentId: bigint({ mode: 'number' }).references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    content: text().notNull(),
    isAnonymous: boolean().notNull().default(false),
    /** Visible replies under a top-level comment. */
    replyCount: integer().notNull().default(0),
    hiddenAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index('comments_post_idx').on(t.postId, t.id),
    index('comments_top_idx')
      .on(t.postId, t.id)
      .where(sql`${t.parentId} is null`),
    index('comments_replies_idx')
      .on(t.parentId, t.id)
      .where(sql`${t.parentId} is not null`),
    check('comments_reply_count_check', sql`${t.replyCount} >= 0`),
    index('comments_author_idx').on(t.authorId),
    index('comments_created_brin').using('brin', t.createdAt),
    check('comments_content_check', sql`char_length(${t.content}) between 1 and 1000`),
  ],
);

export const follows = pgTable(
  'follows',
  {
    followerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followedId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followedId] }),
    index('follows_followed_idx').on(
      t.followedId,
      t.createdAt.desc().nullsFirst(),
      t.followerId.desc().nullsFirst(),
    ),
    index('follows_follower_idx').on(
      t.followerId,
      t.createdAt.desc().nullsFirst(),
      t.followedId.desc().nullsFirst(),
    ),
    check('follows_not_self_check', sql`${t.followerId} <> ${t.followedId}`),
  ],
);

/**
 * The signed posts of the people each reader follows, one row per reader and post, so that the following feed reads
 * one reader's rows newest first instead of merging hundreds of authors' posts on every page. Kept by triggers
 * (migration 0015): a follow adds the followed person's signed posts and an unfollow removes them, a new signed post
 * is added for every follower, and a post made anonymous leaves (one made signed joins). Anonymous posts are never
 * here. Hidden posts stay and are left out when read, so that unhiding needs nothing.
 */
export const followingPosts = pgTable(
  'following_posts',
  {
    readerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: bigint({ mode: 'number' })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: uuid().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.readerId, t.postId] }),
    index('following_posts_post_idx').on(t.postId),
    index('following_posts_author_idx').on(t.readerId, t.authorId),
  ],
);

/**
 * Who blocked whom. Between the two, neither sees the other's signed posts, comments or profile; the blocked cannot
 * follow, comment on, vote on or mention the blocker's signed content. Anonymous content stays outside blocks.
 */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked_idx').on(t.blockedId, t.blockerId),
    check('blocks_not_self_check', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/** Whose signed posts and comments a user does not want to see; the muted person is never told. */
export const mutes = pgTable(
  'mutes',
  {
    muterId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mutedId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.muterId, t.mutedId] }),
    check('mutes_not_self_check', sql`${t.muterId} <> ${t.mutedId}`),
  ],
);

/** Words and hashtags whose posts a user does not want in feeds, search, hashtag pages and trends. */
export const mutedWords = pgTable(
  'muted_words',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** As the user wrote it, for the settings list. */
    word: text().notNull(),
    /** Arabic-normalised, what posts are matched against. */
    wordNormalized: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('muted_words_user_word_key').on(t.userId, t.wordNormalized),
    check('muted_words_word_check', sql`char_length(${t.word}) between 1 and 50`),
  ],
);

/** The earlier contents of an edited post, each with the time it was published; content only. */
export const postVersions = pgTable(
  'post_versions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    postId: bigint({ mode: 'number' })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    content: text().notNull(),
    /** When this content was published: the post's creation, or the edit that wrote it. */
    writtenAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('post_versions_post_idx').on(t.postId, t.id)],
);

export const reports = pgTable(
  'reports',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    reporterId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: bigint({ mode: 'number' }).references(() => posts.id, { onDelete: 'cascade' }),
    commentId: bigint({ mode: 'number' }).references(() => comments.id, { onDelete: 'cascade' }),
    reason: text({ enum: REPORT_REASONS }).notNull(),
    additionalDetails: text(),
    /** 1 pending, 2 under review, 3 approved, 4 rejected, 5 resolved (spec section 3). */
    status: smallint().notNull().default(1),
    moderatorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    moderatorNote: text(),
    processedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('reports_status_idx').on(t.status, t.id.desc().nullsFirst()),
    index('reports_reporter_idx').on(t.reporterId, t.id.desc().nullsFirst()),
    uniqueIndex('reports_reporter_post_key')
      .on(t.reporterId, t.postId)
      .where(sql`${t.postId} is not null`),
    uniqueIndex('reports_reporter_comment_key')
      .on(t.reporterId, t.commentId)
      .where(sql`${t.commentId} is not null`),
    index('reports_post_idx').on(t.postId),
    index('reports_comment_idx').on(t.commentId),
    check('reports_target_check', sql`(${t.postId} is null) <> (${t.commentId} is null)`),
    check('reports_status_check', sql`${t.status} between 1 and 5`),
    check('reports_reason_check', oneOf(t.reason, REPORT_REASONS)),
    check('reports_details_check', sql`char_length(${t.additionalDetails}) <= 500`),
  ],
);

/**
 * A notification as data: what happened (`kind`), who acted when they may be named, about which post, and how
 * many different people a grouped one stands for. Its Arabic text is written when it is read
 * (notifications/notification-text.ts), never stored.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    recipientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: NOTIFICATION_KINDS }).notNull(),
    /** The newest actor of a follow, comment or reply; null when anonymous, for votes and for the product's own. */
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** An excerpt of what the notification is about: the comment, or the post. */
    content: text(),
    postId: bigint({ mode: 'number' }).references(() => posts.id, { onDelete: 'cascade' }),
    /** What a moderation notice carries: the moderator's words, or when a suspension ends. */
    details: jsonb().$type<NotificationDetails>(),
    /** Unread notifications with the same key are folded into one (votes on a popular post). */
    groupKey: text(),
    count: integer().notNull().default(1),
    isRead: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index('notifications_recipient_idx').on(t.recipientId, t.id.desc().nullsFirst()),
    index('notifications_unread_idx')
      .on(t.recipientId)
      .where(sql`not ${t.isRead}`),
    uniqueIndex('notifications_group_key')
      .on(t.recipientId, t.groupKey)
      .where(sql`${t.groupKey} is not null and not ${t.isRead}`),
    check('notifications_kind_check', oneOf(t.kind, NOTIFICATION_KINDS)),
  ],
);

/**
 * A user's choice for one kind of notification, stored only once they change something: a missing row means
 * DEFAULT_PREFERENCES. A row with `in_app` false stops notifications of that kind from being written at all
 * (trigger notifications_in_app_preference).
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: PREFERENCE_KINDS }).notNull(),
    inApp: boolean().notNull(),
    push: boolean().notNull(),
    digest: boolean().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check('notification_preferences_kind_check', oneOf(t.kind, PREFERENCE_KINDS)),
  ],
);

/**
 * A browser's Web Push subscription (RFC 8030 endpoint, RFC 8291 keys) for a signed-in user; one user can have
 * several devices. An endpoint belongs to one browser, so a second sign-in on that browser takes it over.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text().notNull(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

export type NotificationDetails =
  | { message: string }
  | { until: string }
  /** A closed poll: `own` when the recipient is its author rather than a voter. */
  | { own: boolean };

export const ads = pgTable(
  'ads',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    title: text().notNull(),
    description: text().notNull().default(''),
    imageUrl: text(),
    targetUrl: text().notNull(),
    placements: text().array().notNull(),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    weight: integer().notNull().default(1),
    isActive: boolean().notNull().default(true),
    impressions: integer().notNull().default(0),
    clicks: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [check('ads_weight_check', sql`${t.weight} between 1 and 100`)],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    name: text().notNull(),
    email: text().notNull(),
    subject: text().notNull(),
    message: text().notNull(),
    category: text({ enum: CONTACT_CATEGORIES }).notNull(),
    isRead: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [check('contact_messages_category_check', oneOf(t.category, CONTACT_CATEGORIES))],
);

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    path: text(),
    properties: jsonb().$type<Record<string, string | number | boolean | null>>(),
    day: date({ mode: 'string' })
      .notNull()
      .default(sql`current_date`),
    createdAt: createdAt(),
  },
  (t) => [index('analytics_events_day_idx').on(t.day, t.name)],
);

/** A social sign-in identity, keyed on the provider's subject id (never on the e-mail it reports). */
export const socialAccounts = pgTable(
  'social_accounts',
  {
    provider: text().notNull(),
    subject: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('social_accounts_user_idx').on(t.userId)],
);

/** Short-lived records of the social sign-in round trip: the state sent out, then the single-use hand-over. */
export const oauthFlows = pgTable(
  'oauth_flows',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** A provider round trip's state, its hand-over, or an ID token a native app already used (kept until it expires). */
    kind: text({ enum: ['state', 'session', 'id_token'] }).notNull(),
    /** Hash of the state value, of the session handle, or of the used ID token's issuer and jti. */
    keyHash: text().notNull(),
    provider: text().notNull(),
    codeVerifier: text(),
    /** Hash of the secret the starting browser keeps; only that browser may finish the sign-in. */
    bindingHash: text(),
    returnUrl: text(),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('oauth_flows_key').on(t.kind, t.keyHash)],
);

/**
 * Secrets that every instance must share (the token signing key), generated once by whichever instance migrates
 * first, when the environment does not set them.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: createdAt(),
});

/**
 * Who has already been counted in a notification about one target ("like:<postId>", "follow"), so that taking
 * an action back and doing it again neither notifies twice nor counts the person twice. Anonymous actions are
 * never written here.
 */
export const notificationActors = pgTable(
  'notification_actors',
  {
    recipientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    target: text().notNull(),
    actorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.recipientId, t.target, t.actorId] })],
);

/**
 * Every ad impression and click as it arrived. Only the first per visitor, ad, placement and kind within a window
 * is `counted` (and moves the ad's counters); repeats are kept for analysis.
 */
export const adEvents = pgTable(
  'ad_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    adId: bigint({ mode: 'number' })
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    kind: text({ enum: AD_EVENT_KINDS }).notNull(),
    placement: text().notNull(),
    page: text(),
    /** The visitor id the server issued in a signed cookie, or the signed-in user's id. */
    visitorKey: text().notNull(),
    /** Start of the counting window the event fell in. */
    windowStart: timestamp({ withTimezone: true }).notNull(),
    counted: boolean().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ad_events_counted_key')
      .on(t.adId, t.placement, t.kind, t.visitorKey, t.windowStart)
      .where(sql`${t.counted}`),
    index('ad_events_ad_idx').on(t.adId, t.createdAt),
    check('ad_events_kind_check', oneOf(t.kind, AD_EVENT_KINDS)),
  ],
);

/**
 * What staff did (moderation, suspensions, warnings, ads, settings): rows are only ever added; the database
 * refuses updates and deletes (migration 0010). The acting staff member is copied, not referenced, so removing
 * an account never rewrites the log. For anonymous content the author appears only as the content's handle.
 */
export const auditLog = pgTable('audit_log', {
  id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  actorId: uuid().notNull(),
  actorName: text().notNull(),
  actorRole: text().notNull(),
  action: text().notNull(),
  /** 'post', 'comment', 'report', 'author' (an anonymous author, by content handle), 'user', 'ad', 'config'. */
  targetType: text().notNull(),
  targetId: text().notNull(),
  details: jsonb().$type<Record<string, string | number | boolean | null>>(),
  createdAt: createdAt(),
});
