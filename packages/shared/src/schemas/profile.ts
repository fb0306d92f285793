import { z } from 'zod';
import { msg } from '../messages.ar';
import { cursorParam, pagedSchema, pageSizeParamOf } from './common';
import { publicUserSchema } from './user';

export const USER_SEARCH_MAX_RESULTS = 20;
/** People suggested to follow: a short list, never paged. */
export const USER_SUGGESTIONS_DEFAULT = 5;
export const USER_SUGGESTIONS_MAX = 20;
export const USER_SEARCH_QUERY_MAX = 100;

/** `GET /api/users/{id}`: what anyone may see of a user, with public counts. */
export const publicProfileSchema = publicUserSchema.extend({
  /** Non-anonymous posts only: anonymous posts never show on a profile. */
  postsCount: z.number().int(),
  followersCount: z.number().int(),
  followingCount: z.number().int(),
  /** Whether the signed-in caller follows this user; false for visitors. */
  isFollowing: z.boolean(),
  isOwnProfile: z.boolean(),
  /** Whether the caller blocked / muted this user (their own choice, so it may be shown to undo it). */
  isBlocked: z.boolean(),
  isMuted: z.boolean(),
  /**
   * True when a block stands between the caller and this user, whichever side made it: the profile then shows
   * only the name, no bio, picture, counts or posts. It never says which side blocked.
   */
  isUnavailable: z.boolean(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** A user in followers, following and search lists. */
export const userListItemSchema = publicUserSchema.extend({ isFollowing: z.boolean() });
export type UserListItem = z.infer<typeof userListItemSchema>;

export const pagedUsersSchema = pagedSchema(userListItemSchema);

export const userSearchQuerySchema = z.object({
  q: z
    .string({ error: msg.searchQueryRequired })
    .trim()
    .min(1, msg.searchQueryRequired)
    .max(USER_SEARCH_QUERY_MAX, msg.textTooLong),
  pageSize: pageSizeParamOf(USER_SEARCH_MAX_RESULTS),
  cursor: cursorParam.optional(),
});
export type UserSearchQuery = z.input<typeof userSearchQuerySchema>;

/** `GET /api/users/search`: a page of people, continued with `cursor` (pagination.nextCursor). */
export const userSearchResultSchema = pagedUsersSchema;

/** `GET /api/users/suggestions`: how many people to suggest. */
export const userSuggestionsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: msg.invalidValue })
    .int(msg.invalidValue)
    .min(1, msg.invalidValue)
    .max(USER_SUGGESTIONS_MAX, msg.invalidValue)
    .default(USER_SUGGESTIONS_DEFAULT),
});
export type UserSuggestionsQuery = z.input<typeof userSuggestionsQuerySchema>;
export const userSuggestionsSchema = z.object({ items: z.array(userListItemSchema) });
