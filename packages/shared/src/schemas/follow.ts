import { z } from 'zod';
import { msg } from '../messages.ar';
import { cursorParam, pageSizeParam } from './common';
import { pageParam } from './fields';

const userIdField = z.uuid({ error: msg.invalidValue }).transform((value) => value.toLowerCase());

/** `POST /api/users/follow` and `/api/users/unfollow` (spec section 3); the follower must be the caller. */
export const followSchema = z.object({ followerId: userIdField, followedId: userIdField });
export type FollowPayload = z.input<typeof followSchema>;

/** Answer of follow and unfollow: true once the requested state holds. */
export const followResultSchema = z.boolean();

/** `GET /api/users/{id}/followers` and `/following`: most recently followed first. */
export const followListQuerySchema = z.object({
  page: pageParam,
  pageSize: pageSizeParam,
  cursor: cursorParam.optional(),
});
export type FollowListQuery = z.input<typeof followListQuerySchema>;
