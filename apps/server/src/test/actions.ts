import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Notification } from '@ray/shared/realtime';
import type { Comment } from '@ray/shared/schemas/comment';
import { blankPng } from './png';
import { bearer, type TestUser } from './test-app';

/**
 * What people do to each other through the API, as the app does it: each goes over HTTP with the user's token
 * and fails the test unless the server accepts it, so that a refused step never passes for a quiet one.
 */

/** Follows `followed` as `user`, or stops following with `unfollow`; anything but 200 fails the test. */
export async function follow(
  app: FastifyInstance,
  user: TestUser,
  followed: TestUser,
  action: 'follow' | 'unfollow' = 'follow',
) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/users/${action}`,
    headers: bearer(user.token),
    payload: { followerId: user.userId, followedId: followed.userId },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

/** Writes a comment (a reply with `parentId`) and answers it; anything but 201 fails the test. */
export async function commentOn(
  app: FastifyInstance,
  writer: TestUser,
  postId: number,
  content: string,
  options: { isAnonymous?: boolean; parentId?: number } = {},
): Promise<Comment> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/comments',
    headers: bearer(writer.token),
    payload: { postId, content, ...options },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Comment>();
}

/**
 * Votes on a post: 1 or -1 for a like or a dislike, 1 to 5 for a rating; the same vote again takes it back.
 * Anything but 200 fails the test.
 */
export async function vote(app: FastifyInstance, voter: TestUser, postId: number, value = 1) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/votes',
    headers: bearer(voter.token),
    payload: { postId, value },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

/** Saves a post to the user's bookmarks; anything but 200 fails the test. */
export async function bookmark(app: FastifyInstance, user: TestUser, postId: number) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/bookmarks',
    headers: bearer(user.token),
    payload: { postId },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

/** The user's in-app notifications, newest first, as the bell lists them (up to 50). */
export async function notificationsOf(app: FastifyInstance, user: TestUser): Promise<Notification[]> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/notifications/user?limit=50',
    headers: bearer(user.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Notification[]>();
}

/** Uploads a small picture as `user` and answers its address, as the composer does before publishing. */
export async function uploadImage(app: FastifyInstance, user: TestUser): Promise<string> {
  const boundary = `----RayBoundary${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`;
  const response = await app.inject({
    method: 'POST',
    url: '/api/attachment/upload',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(user.token) },
    payload: Buffer.concat([Buffer.from(head), blankPng(64, 40), Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ url: string }>().url;
}
