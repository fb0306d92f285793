import { z } from 'zod';
import {
  IMAGE_ALT_MAX,
  LOCATION_NAME_MAX,
  POLL_OPTION_MAX,
  POLL_OPTIONS_MAX,
  POLL_OPTIONS_MIN,
  POST_MAX,
  POST_MIN,
} from '../constants';
import { UPLOADED_IMAGE_URL } from '../media';
import { msg } from '../messages.ar';
import { cursorParam, pageSizeParam, pagedSchema } from './common';
import { pageParam } from './fields';

export const VOTING_TYPES = ['like-dislike', 'rating', 'poll'] as const;
export type VotingType = (typeof VOTING_TYPES)[number];
export const votingTypeSchema = z.enum(VOTING_TYPES, { error: msg.votingTypeInvalid });

/** `Following`: signed posts of the people the caller follows (signed-in only). */
export const PAGE_TYPES = ['All', 'MyPosts', 'Bookmarks', 'Following'] as const;
export type PageType = (typeof PAGE_TYPES)[number];

/** Images a post may point at: only files this service produced (the server checks the host). */
export const POST_IMAGE_URL = UPLOADED_IMAGE_URL;

const contentField = z
  .string({ error: msg.postContentRequired })
  .trim()
  .min(1, msg.postContentRequired)
  .max(POST_MAX, msg.postMax);

/** Poll options travel as a JSON-encoded string array (spec section 3); blank options are dropped. */
export function parsePollOptions(value: string | string[] | null | undefined): string[] | null {
  if (value === null || value === undefined) return null;
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!Array.isArray(list) || !list.every((item) => typeof item === 'string')) return null;
  return list.map((item) => item.trim()).filter((item) => item.length > 0);
}

const pollOptionsField = z
  .union([
    z.string().max(POLL_OPTIONS_MAX * (POLL_OPTION_MAX + 10)),
    z.array(z.string().max(POLL_OPTION_MAX * 2)).max(50),
  ])
  .nullish();

const locationFields = {
  latitude: z
    .number({ error: msg.invalidValue })
    .min(-90, msg.invalidValue)
    .max(90, msg.invalidValue)
    .nullish(),
  longitude: z
    .number({ error: msg.invalidValue })
    .min(-180, msg.invalidValue)
    .max(180, msg.invalidValue)
    .nullish(),
  locationName: z.string().trim().max(LOCATION_NAME_MAX, msg.textTooLong).nullish(),
};

const imageUrlField = z
  .string()
  .max(500, msg.imageTypeInvalid)
  .regex(POST_IMAGE_URL, msg.imageTypeInvalid)
  .nullish();

/** The author's description of the image, for screen readers; blank means none. */
const imageAltField = z
  .string({ error: msg.imageAltMax })
  .trim()
  .max(IMAGE_ALT_MAX, msg.imageAltMax)
  .nullish();

/** The same description as the composer edits it: an empty box is no description. */
const imageAltFormField = z.string().trim().max(IMAGE_ALT_MAX, msg.imageAltMax);

/** How long a new poll takes votes: an hour, a day, three days, a week, or open (no end). Fixed at creation. */
export const POLL_DURATIONS = ['open', '1h', '1d', '3d', '7d'] as const;
export type PollDuration = (typeof POLL_DURATIONS)[number];
export const POLL_DURATION_MS: Record<Exclude<PollDuration, 'open'>, number> = {
  '1h': 3_600_000,
  '1d': 86_400_000,
  '3d': 3 * 86_400_000,
  '7d': 7 * 86_400_000,
};
export const pollDurationSchema = z.enum(POLL_DURATIONS, { error: msg.pollDurationInvalid });

function checkPoll(
  value: { votingType: VotingType; pollOptions?: string | string[] | null | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.votingType !== 'poll') return;
  const options = parsePollOptions(value.pollOptions);
  if (!options) {
    ctx.addIssue({
      code: 'custom',
      path: ['pollOptions'],
      message: value.pollOptions ? msg.pollParseError : msg.pollMinOptions,
    });
    return;
  }
  if (options.length < POLL_OPTIONS_MIN)
    ctx.addIssue({ code: 'custom', path: ['pollOptions'], message: msg.pollMinOptions });
  if (options.length > POLL_OPTIONS_MAX)
    ctx.addIssue({ code: 'custom', path: ['pollOptions'], message: msg.pollMaxOptions });
  if (options.some((option) => option.length > POLL_OPTION_MAX))
    ctx.addIssue({ code: 'custom', path: ['pollOptions'], message: msg.pollOptionTooLong });
}

/** `POST /api/posts`: what the server accepts from both the quick and the advanced form. */
export const createPostSchema = z
  .object({
    content: contentField,
    isAnonymous: z.boolean().default(false),
    votingType: votingTypeSchema.default('like-dislike'),
    pollOptions: pollOptionsField,
    /** Only for a poll; ignored otherwise. */
    pollDuration: pollDurationSchema.default('open'),
    imageUrl: imageUrlField,
    imageAlt: imageAltField,
    ...locationFields,
  })
  .superRefine(checkPoll);
export type CreatePostPayload = z.input<typeof createPostSchema>;

/** `PUT /api/posts/{id}`: the voting type and poll options are fixed at creation and may only be repeated unchanged. */
export const updatePostSchema = z.object({
  content: contentField.pipe(z.string().min(POST_MIN, msg.postMin)),
  isAnonymous: z.boolean().optional(),
  imageUrl: imageUrlField,
  imageAlt: imageAltField,
  votingType: votingTypeSchema.optional(),
  pollOptions: pollOptionsField,
  ...locationFields,
});
export type UpdatePostPayload = z.input<typeof updatePostSchema>;

/** The advanced create form (`/create-post`): a 10-character minimum and options edited as a list. */
export const createPostFormSchema = z
  .object({
    content: contentField.pipe(z.string().min(POST_MIN, msg.postMin)),
    votingType: votingTypeSchema,
    pollOptions: z.array(z.object({ value: z.string().max(POLL_OPTION_MAX, msg.pollOptionTooLong) })),
    pollDuration: pollDurationSchema,
    isAnonymous: z.boolean(),
    imageAlt: imageAltFormField,
  })
  .superRefine((value, ctx) => {
    if (value.votingType !== 'poll') return;
    const filled = value.pollOptions.filter((option) => option.value.trim().length > 0);
    if (filled.length < POLL_OPTIONS_MIN)
      ctx.addIssue({ code: 'custom', path: ['pollOptions'], message: msg.pollMinOptions });
    if (filled.length > POLL_OPTIONS_MAX)
      ctx.addIssue({ code: 'custom', path: ['pollOptions'], message: msg.pollMaxOptions });
  });
export type CreatePostForm = z.input<typeof createPostFormSchema>;

export const quickPostFormSchema = z.object({
  content: contentField.pipe(z.string().max(POST_MAX, msg.postMax)),
  votingType: votingTypeSchema,
  pollDuration: pollDurationSchema,
  isAnonymous: z.boolean(),
  imageAlt: imageAltFormField,
});
export type QuickPostForm = z.input<typeof quickPostFormSchema>;

export const editPostFormSchema = z.object({
  content: contentField.pipe(z.string().min(POST_MIN, msg.postMin)),
  isAnonymous: z.boolean(),
  imageAlt: imageAltFormField,
});
export type EditPostForm = z.input<typeof editPostFormSchema>;

export const votingStatisticsSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('like-dislike'), upVotes: z.number().int(), downVotes: z.number().int() }),
  z.object({ type: z.literal('rating'), averageRating: z.number(), totalVoting: z.number().int() }),
  z.object({
    type: z.literal('poll'),
    /** Votes per option index; the spec's field name. */
    poolStats: z.record(z.string(), z.number().int()),
    totalVotes: z.number().int(),
  }),
]);
export type VotingStatistics = z.infer<typeof votingStatisticsSchema>;

export const postAuthorSchema = z.object({
  userId: z.string(),
  username: z.string(),
  displayName: z.string(),
  avatarUrl: z.string().nullable(),
});
export type PostAuthor = z.infer<typeof postAuthorSchema>;

/**
 * The author of an anonymous post or comment as every answer carries it: the same object for every viewer, the
 * author and staff included, naming no one. Clients written to the specification always find a `user` object.
 */
export const anonymousAuthorSchema = z.object({
  userId: z.null(),
  username: z.null(),
  displayName: z.literal(msg.anonymousName),
  avatarUrl: z.null(),
});
export type AnonymousAuthor = z.infer<typeof anonymousAuthorSchema>;

export const ANONYMOUS_AUTHOR: AnonymousAuthor = Object.freeze({
  userId: null,
  username: null,
  displayName: msg.anonymousName,
  avatarUrl: null,
});

/** Who wrote a post or comment: its author, or the anonymous author (`userId` null) for anonymous content. */
export const contentAuthorSchema = z.union([postAuthorSchema, anonymousAuthorSchema]);
export type ContentAuthor = z.infer<typeof contentAuthorSchema>;

/** Someone a text mentions with `@username` who exists, so the view can link to their profile. */
export const mentionTargetSchema = z.object({ username: z.string(), userId: z.string() });

export const postSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  isAnonymous: z.boolean(),
  votingType: votingTypeSchema,
  /** JSON-encoded array of option strings, or null. */
  pollOptions: z.string().nullable(),
  imageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  /** The author's description of the image; null when none was written. */
  imageAlt: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  locationName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When the content was last changed; null when never. Earlier contents: `GET /api/posts/{id}/history`. */
  editedAt: z.string().nullable(),
  /** A poll's end; null for an open poll and for other voting types. */
  pollClosesAt: z.string().nullable(),
  /** The poll has ended: no more votes, and its results are final and shown to everyone. */
  pollClosed: z.boolean(),
  commentCount: z.number().int(),
  isBookmarked: z.boolean(),
  hashtags: z.array(z.object({ hashtag: z.object({ name: z.string() }) })),
  votingStatistics: votingStatisticsSchema,
  /** For an anonymous post the anonymous author (`ANONYMOUS_AUTHOR`), whoever asks: the author is never carried. */
  user: contentAuthorSchema,
  /** The caller's own vote: 1 / -1, a rating 1..5 or a poll option index. */
  userVote: z.number().int().nullable(),
  isOwner: z.boolean(),
  /** Hidden by moderation; only its author and moderators still see it. */
  isHidden: z.boolean(),
  /** The `@username`s of the text that name someone who exists; absent or empty when none do. */
  mentions: z.array(mentionTargetSchema).optional(),
});
export type Post = z.infer<typeof postSchema>;

export const pagedPostsSchema = pagedSchema(postSchema);

/** An earlier content of an edited post and when it was published; content only, never who wrote it. */
export const postVersionSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  writtenAt: z.string(),
});
export type PostVersion = z.infer<typeof postVersionSchema>;
export const pagedPostVersionsSchema = pagedSchema(postVersionSchema);

/** `GET /api/posts/{id}/history`: the earlier contents, newest first. */
export const postHistoryQuerySchema = z.object({
  page: pageParam,
  pageSize: pageSizeParam,
  cursor: cursorParam.optional(),
});
export type PostHistoryQuery = z.input<typeof postHistoryQuerySchema>;

export const postsQuerySchema = z.object({
  page: pageParam,
  pageSize: pageSizeParam,
  pageType: z.enum(PAGE_TYPES, { error: msg.invalidValue }).default('All'),
  categoryId: z.string().max(50).optional(),
  userId: z.uuid({ error: msg.invalidValue }).optional(),
  hashtag: z.string().trim().max(100, msg.textTooLong).optional(),
  cursor: cursorParam.optional(),
});
export type PostsQuery = z.input<typeof postsQuerySchema>;

export const voteSchema = z.object({
  postId: z.coerce
    .number({ error: msg.postIdRequired })
    .int(msg.postIdRequired)
    .positive(msg.postIdRequired)
    .max(Number.MAX_SAFE_INTEGER, msg.postIdRequired),
  value: z
    .number({ error: msg.voteValueInvalid })
    .int(msg.voteValueInvalid)
    .min(-1, msg.voteValueInvalid)
    .max(9, msg.voteValueInvalid),
});
export type VotePayload = z.input<typeof voteSchema>;

export const voteResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  votingStatistics: votingStatisticsSchema,
  userVote: z.number().int().nullable(),
});
export type VoteResult = z.infer<typeof voteResultSchema>;

export const pollResultsSchema = z.object({
  totalVotes: z.number().int(),
  userVote: z.number().int().nullable(),
  options: z.array(
    z.object({ index: z.number().int(), text: z.string(), votes: z.number().int(), percentage: z.number() }),
  ),
});
export type PollResults = z.infer<typeof pollResultsSchema>;

export const ratingResultsSchema = z.object({
  averageRating: z.number(),
  totalVoting: z.number().int(),
  /** Votes per star, "1" to "5". */
  distribution: z.record(z.string(), z.number().int()),
  userRating: z.number().int().nullable(),
});
export type RatingResults = z.infer<typeof ratingResultsSchema>;

export const reverseGeocodeQuerySchema = z.object({
  lat: z.coerce.number({ error: msg.invalidValue }).min(-90, msg.invalidValue).max(90, msg.invalidValue),
  lon: z.coerce.number({ error: msg.invalidValue }).min(-180, msg.invalidValue).max(180, msg.invalidValue),
});
export const reverseGeocodeResultSchema = z.object({ locationName: z.string() });

/** Percentage with one decimal, as the poll results show it. */
export function percentage(votes: number, total: number): number {
  return total === 0 ? 0 : Math.round((votes / total) * 1000) / 10;
}
