import { z } from 'zod';
import { msg } from '../messages.ar';
import { pagedSchema } from './common';
import { publicUserSchema } from './user';

export const USER_SEARCH_MAX_RESULTS = 20;
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
});
export type UserSearchQuery = z.input<typeof userSearchQuerySchema>;

export const userSearchResultSchema = z.array(userListItemSchema);
