import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import type pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_PATH } from '@ray/shared/constants';
import { msg } from '@ray/shared/messages.ar';
import { auditLog, comments, hashtags, users } from '../../db/schema';
import { checkCounters } from '../../test/counters';
import { registerWithRole } from '../../test/roles';
import {
  bearer,
  createTestApp,
  publishPost,
  registerUser,
  type TestApp,
  type TestUser,
} from '../../test/test-app';

let t: TestApp;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

/** A real-time connection of the web app, signed in with the token. */
function socketFor(token: string): Promise<Socket> {
  const socket = connect(url, {
    path: REALTIME_PATH,
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.on('connect', () => {
      resolve(socket);
    });
    socket.on('connect_error', reject);
  });
}

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, user?: TestUser, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: user ? bearer(user.token) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function ok(method: 'GET' | 'POST' | 'DELETE', url: string, user: TestUser, payload?: unknown) {
  const response = await call(method, url, user, payload);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response;
}

/** Stores an image as an upload would, and answers its public URL. */
async function storedImage(folder: 'original' | 'avatar', bytes: Buffer): Promise<string> {
  const name = randomBytes(16).toString('hex');
  if (folder === 'original') await t.app.ctx.storage.put(`thumb/${name}.webp`, Buffer.from('thumb'));
  return t.app.ctx.storage.put(`${folder}/${name}.webp`, bytes);
}

async function comment(user: TestUser, postId: number, content: string, parentId?: number) {
  const response = await ok('POST', '/api/comments', user, {
    postId,
    content,
    isAnonymous: false,
    ...(parentId === undefined ? {} : { parentId }),
  });
  return response.json<{ id: number }>().id;
}

async function follow(follower: TestUser, followed: TestUser) {
  await ok('POST', '/api/users/follow', follower, {
    followerId: follower.userId,
    followedId: followed.userId,
  });
}

/**
 * The stored counters against fresh counts, on whichever database the test app runs: votes, posts per user and
 * per hashtag (test/counters.ts), visible top-level comments per post, visible replies per comment, follows.
 */
async function counters() {
  const client = {
    query: async (text: string) => t.database.db.execute(sql.raw(text)),
  } as unknown as pg.ClientBase;
  const { votes, users, hashtags } = (await checkCounters(client)).mismatches;
  const single = async (text: string) => (await client.query<{ n: number }>(text)).rows[0]!.n;
  const comments = await single(`select count(*)::int as n from posts p
    where p.comment_count <> (select count(*) from comments c
      where c.post_id = p.id and c.parent_id is null and c.hidden_at is null)`);
  const replies = await single(`select count(*)::int as n from comments c
    where c.reply_count <> (select count(*) from comments r where r.parent_id = c.id and r.hidden_at is null)`);
  const follows = await single(`select count(*)::int as n from users u
    where u.followers_count <> (select count(*) from follows f where f.followed_id = u.id)
       or u.following_count <> (select count(*) from follows f where f.follower_id = u.id)`);
  return { votes, users, hashtags, comments, replies, follows };
}

/** The trend rankings' kept counts (migration 0008), in a stable order. */
async function trendCounts() {
  const read = async (query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as { rows: Record<string, unknown>[] }).rows;
  return {
    posts: await read(sql`select post_id, created_at, hot from post_trends order by post_id`),
    authorDays: await read(sql`select * from hashtag_author_days order by hashtag_id, day, author_id`),
    days: await read(sql`select * from hashtag_days where authors > 0 order by hashtag_id, day`),
    windowAuthors: await read(sql`select * from hashtag_window_authors order by days, hashtag_id, author_id`),
    windows: await read(sql`select * from hashtag_windows where authors > 0 order by days, hashtag_id`),
  };
}

describe('GET /api/account/export', () => {
  it('gives every kind of the user’s data, anonymous posts marked, and nothing that signs in', async () => {
    const user = await registerUser(t.app);
    const other = await registerUser(t.app);
    const signed = await publishPost(t.app, user, {
      content: 'منشور باسمي عن #القهوة',
      votingType: 'like-dislike',
    });
    const anonymous = await publishPost(t.app, user, {
      content: 'منشور بلا اسم عن الشاي',
      votingType: 'rating',
      isAnonymous: true,
    });
    const othersPost = await publishPost(t.app, other, {
      content: 'منشور لغيري',
      votingType: 'like-dislike',
    });
    await ok('POST', '/api/votes', user, { postId: othersPost.id, value: -1 });
    await ok('POST', '/api/bookmarks', user, { postId: othersPost.id });
    await comment(user, othersPost.id, 'تعليقي على منشور غيري');
    await follow(user, other);
    await follow(other, user);
    await t.database.db.execute(
      sql`insert into muted_words (user_id, word, word_normalized) values (${user.userId}, 'كرة', 'كره')`,
    );
    await t.database.db.execute(
      sql`insert into blocks (blocker_id, blocked_id) values (${user.userId}, ${other.userId})`,
    );
    await t.database.db.execute(
      sql`insert into mutes (muter_id, muted_id) values (${user.userId}, ${other.userId})`,
    );

    const response = await ok('GET', '/api/account/export', user);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="ray-export-${user.username}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    const data = response.json<Record<string, unknown[]> & { profile: Record<string, unknown> }>();
    expect(data.profile).toMatchObject({ userId: user.userId, username: user.username, email: user.email });
    expect(data.posts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: signed.id, isAnonymous: false, content: signed.content }),
        expect.objectContaining({ id: anonymous.id, isAnonymous: true, content: anonymous.content }),
      ]),
    );
    expect(data.posts).toHaveLength(2);
    expect(data.comments).toEqual([
      expect.objectContaining({ postId: othersPost.id, content: 'تعليقي على منشور غيري' }),
    ]);
    expect(data.votes).toEqual([expect.objectContaining({ postId: othersPost.id, value: -1 })]);
    expect(data.bookmarks).toEqual([expect.objectContaining({ postId: othersPost.id })]);
    expect(data.following).toEqual([expect.objectContaining({ username: other.username })]);
    expect(data.followers).toEqual([expect.objectContaining({ username: other.username })]);
    expect(data.blocks).toEqual([expect.objectContaining({ username: other.username })]);
    expect(data.mutes).toEqual([expect.objectContaining({ username: other.username })]);
    expect(data.mutedWords).toEqual([expect.objectContaining({ word: 'كرة' })]);
    expect(data.notifications).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'follow', actorUsername: other.username })]),
    );
    expect(data.sessions).toEqual([expect.objectContaining({ endedAt: null })]);

    const text = response.body.toLowerCase();
    for (const secret of ['password', 'hash', 'token', 'secret', user.refreshToken.toLowerCase()])
      expect(text).not.toContain(secret);
    // Nobody else's export says who wrote the anonymous post.
    const theirs = (await ok('GET', '/api/account/export', other)).body;
    expect(theirs).not.toContain(anonymous.content);
  });

  it('reads long histories in pages: more votes than one page all arrive', async () => {
    const user = await registerUser(t.app);
    const author = await registerUser(t.app);
    const first = await publishPost(t.app, author, {
      content: 'منشور أول للتصويت',
      votingType: 'like-dislike',
    });
    // 2,500 posts voted on by the user, written directly: the export must page through all of them.
    await t.database.db.execute(sql`with made as (
        insert into posts (author_id, content, content_normalized, voting_type, up_votes)
        select ${author.userId}, 'منشور ' || n, 'منشور ' || n, 'like-dislike', 1 from generate_series(1, 2500) n
        returning id)
      insert into votes (post_id, user_id, value) select id, ${user.userId}, 1 from made`);
    await t.database.db
      .update(users)
      .set({ postsCount: sql`${users.postsCount} + 2500` })
      .where(eq(users.id, author.userId));
    await ok('POST', '/api/votes', user, { postId: first.id, value: 1 });
    const data = (await ok('GET', '/api/account/export', user)).json<{ votes: { postId: number }[] }>();
    expect(data.votes).toHaveLength(2501);
    expect(new Set(data.votes.map((vote) => vote.postId)).size).toBe(2501);
  });

  it('answers a visitor 401 and a sixth export within the hour 429', async () => {
    expect((await call('GET', '/api/account/export')).statusCode).toBe(401);
    expect((await call('GET', '/api/account/export/images')).statusCode).toBe(401);
    expect((await call('DELETE', '/api/account', undefined, { password: 'x' })).statusCode).toBe(401);
    const user = await registerUser(t.app);
    for (let i = 0; i < 5; i++) await ok('GET', '/api/account/export', user);
    const refused = await call('GET', '/api/account/export', user);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toBe(msg.rateLimited);
  });
});

describe('GET /api/account/export/images', () => {
  it('zips the avatar and every post image the user uploaded, with their bytes', async () => {
    const user = await registerUser(t.app);
    const avatarBytes = randomBytes(300);
    const imageBytes = randomBytes(2000);
    const avatarUrl = await storedImage('avatar', avatarBytes);
    await t.database.db.update(users).set({ avatarUrl }).where(eq(users.id, user.userId));
    const imageUrl = await storedImage('original', imageBytes);
    const post = await publishPost(t.app, user, {
      content: 'منشور فيه صورة مرفوعة',
      votingType: 'like-dislike',
      imageUrl,
      isAnonymous: true,
    });
    await publishPost(t.app, user, { content: 'منشور بلا صورة', votingType: 'like-dislike' });

    const response = await ok('GET', '/api/account/export/images', user);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain(`ray-images-${user.username}-`);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const names = Object.keys(files).sort();
    expect(names).toEqual(['avatar.webp', expect.stringMatching(new RegExp(`^posts/post-${post.id}-`))]);
    expect(Buffer.from(files['avatar.webp']!)).toEqual(avatarBytes);
    expect(Buffer.from(files[names[1]!]!)).toEqual(imageBytes);
  });
});

describe('DELETE /api/account', () => {
  it('keeps everything on a wrong password, a wrong username or no confirmation', async () => {
    const user = await registerUser(t.app);
    await publishPost(t.app, user, { content: 'منشور يبقى بعد الرفض', votingType: 'like-dislike' });
    const wrong = await call('DELETE', '/api/account', user, { password: 'Wrong1234' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ message: string }>().message).toBe(msg.deleteAccountPasswordIncorrect);
    const byName = await call('DELETE', '/api/account', user, { username: user.username });
    expect(byName.statusCode).toBe(400);
    const empty = await call('DELETE', '/api/account', user, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toBe(msg.deleteAccountConfirmRequired);
    expect((await call('GET', `/api/users/${user.userId}`)).statusCode).toBe(200);
    expect((await call('GET', '/api/users/profile', user)).statusCode).toBe(200);
  });

  it('deletes an account without a password when its username is typed, not another', async () => {
    const user = await registerUser(t.app);
    await t.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, user.userId));
    const profile = (await ok('GET', '/api/users/profile', user)).json<{ hasPassword: boolean }>();
    expect(profile.hasPassword).toBe(false);
    const wrong = await call('DELETE', '/api/account', user, { username: 'someone_else' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ message: string }>().message).toBe(msg.deleteAccountUsernameMismatch);
    const deleted = await call('DELETE', '/api/account', user, { username: user.username.toUpperCase() });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json<{ message: string }>().message).toBe(msg.accountDeleted);
    expect((await call('GET', `/api/users/${user.userId}`)).statusCode).toBe(404);
  });

  it('ends every session, removes the profile, the posts and their files, and keeps every counter exact', async () => {
    const user = await registerUser(t.app);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { username: user.email, password: user.password },
    });
    const otherDevice = second.json<{ token: string; refreshToken: string }>();
    const other = await registerUser(t.app);
    const third = await registerUser(t.app);

    // The user's own posts: signed and anonymous, tagged, with an image, voted on and commented on by others.
    const imageUrl = await storedImage('original', randomBytes(100));
    const own = await publishPost(t.app, user, {
      content: 'رأيي في #القهوة و #الصباح',
      votingType: 'like-dislike',
      imageUrl,
    });
    const ownAnonymous = await publishPost(t.app, user, {
      content: 'رأي بلا اسم في #القهوة',
      votingType: 'poll',
      pollOptions: JSON.stringify(['نعم', 'لا']),
      isAnonymous: true,
    });
    const othersOnOwn = await publishPost(t.app, other, {
      content: 'منشور آخر عن #القهوة',
      votingType: 'rating',
    });
    await ok('POST', '/api/votes', other, { postId: own.id, value: 1 });
    await ok('POST', '/api/votes', third, { postId: ownAnonymous.id, value: 1 });
    await comment(other, own.id, 'تعليق على منشوره');
    await ok('POST', '/api/bookmarks', other, { postId: own.id });

    // What the user did to others: every kind of vote, comments and replies, follows both ways.
    const like = await publishPost(t.app, other, { content: 'منشور للإعجاب', votingType: 'like-dislike' });
    const rating = await publishPost(t.app, other, { content: 'منشور للتقييم', votingType: 'rating' });
    const poll = await publishPost(t.app, third, {
      content: 'استطلاع للتصويت',
      votingType: 'poll',
      pollOptions: JSON.stringify(['أ', 'ب', 'ج']),
    });
    for (const [postId, value] of [
      [like.id, 1],
      [rating.id, 4],
      [poll.id, 2],
      [othersOnOwn.id, 5],
    ] as const)
      await ok('POST', '/api/votes', user, { postId, value });
    await ok('POST', '/api/votes', other, { postId: poll.id, value: 2 });
    await ok('POST', '/api/votes', third, { postId: rating.id, value: 2 });

    const top = await comment(user, like.id, 'تعليقي الأول');
    await comment(other, like.id, 'تعليق غيري يبقى');
    const othersTop = await comment(other, rating.id, 'تعليق غيري له ردود');
    await comment(other, like.id, 'رد غيري على تعليقه', top);
    await comment(user, rating.id, 'ردي على تعليق غيري', othersTop);
    await comment(third, rating.id, 'رد ثالث يبقى', othersTop);
    await comment(user, rating.id, 'تعليق خفي');
    await t.database.db.execute(
      sql`update comments set hidden_at = now() where content = 'تعليق خفي' and author_id = ${user.userId}`,
    );
    await t.database.db.execute(
      sql`update posts set comment_count = comment_count - 1 where id = ${rating.id}`,
    );

    await follow(user, other);
    await follow(third, user);
    await follow(other, third);

    const coffeeUses = async () => {
      const [coffee] = await t.database.db
        .select({ postCount: hashtags.postCount })
        .from(hashtags)
        .where(eq(hashtags.key, 'القهوه'));
      return coffee?.postCount ?? 0;
    };
    const coffeeBefore = await coffeeUses();
    const before = await counters();
    expect(before).toMatchObject({ votes: 0, comments: 0, users: 0, hashtags: 0, follows: 0, replies: 0 });

    const deleted = await call('DELETE', '/api/account', user, { password: user.password });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json<{ message: string }>().message).toBe(msg.accountDeleted);

    // Sessions end at once: access tokens of both devices and their refresh tokens are refused.
    expect((await call('GET', '/api/users/profile', user)).statusCode).toBe(401);
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: bearer(otherDevice.token),
    });
    expect(stale.statusCode).toBe(401);
    for (const refreshToken of [user.refreshToken, otherDevice.refreshToken]) {
      const refreshed = await t.app.inject({
        method: 'POST',
        url: '/api/account/refresh-token',
        payload: { refreshToken },
      });
      expect(refreshed.statusCode).toBe(401);
    }
    expect((await call('GET', `/api/users/${user.userId}`)).statusCode).toBe(404);
    for (const post of [own, ownAnonymous])
      expect((await call('GET', `/api/posts/${post.id}`)).statusCode).toBe(404);
    expect(await t.app.ctx.storage.exists(imageUrl.replace(/^\/uploads\//, ''))).toBe(false);

    const after = await counters();
    expect(after).toMatchObject({ votes: 0, comments: 0, users: 0, hashtags: 0, follows: 0, replies: 0 });
    await t.database.db.execute(sql`select trend_roll_off()`);
    const kept = await trendCounts();
    await t.database.db.execute(sql`select trend_counts_rebuild()`);
    expect(await trendCounts()).toEqual(kept);
    expect(await coffeeUses()).toBe(coffeeBefore - 2);
    const survivors = await t.database.db
      .select({ content: comments.content })
      .from(comments)
      .where(eq(comments.postId, like.id));
    expect(survivors.map((row) => row.content)).toEqual(['تعليق غيري يبقى']);
    const people = await t.database.db
      .select({ id: users.id, followers: users.followersCount, following: users.followingCount })
      .from(users)
      .where(sql`${users.id} in (${other.userId}, ${third.userId})`);
    expect(people.find((row) => row.id === other.userId)).toMatchObject({ followers: 0, following: 1 });
    expect(people.find((row) => row.id === third.userId)).toMatchObject({ followers: 1, following: 0 });
  });

  it('closes the open real-time connections of the deleted account', async () => {
    const user = await registerUser(t.app);
    const socket = await socketFor(user.token);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await ok('DELETE', '/api/account', user, { password: user.password });
    expect(await closed).toBe('io server disconnect');
  });

  it('lets an admin leave only while another admin remains', async () => {
    const [admin] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
    expect(admin).toBeUndefined();
    const first = await registerWithRole(t, 'admin');
    const refused = await call('DELETE', '/api/account', first, { password: first.password });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(msg.deleteAccountLastAdmin);
    expect((await call('GET', '/api/users/profile', first)).statusCode).toBe(200);

    const second = await registerWithRole(t, 'admin');
    await t.database.db.insert(auditLog).values({
      actorId: first.userId,
      actorName: first.username,
      actorRole: 'admin',
      action: 'config.update',
      targetType: 'config',
      targetId: 'site',
    });
    await ok('DELETE', '/api/account', first, { password: first.password });
    // The audit log keeps what the admin did: it copies names and refers to no account.
    const kept = await t.database.db.select().from(auditLog).where(eq(auditLog.actorId, first.userId));
    expect(kept).toEqual([expect.objectContaining({ actorName: first.username, action: 'config.update' })]);
    const last = await call('DELETE', '/api/account', second, { password: second.password });
    expect(last.statusCode).toBe(409);
    const moderator = await registerWithRole(t, 'moderator');
    await ok('DELETE', '/api/account', moderator, { password: moderator.password });
  });
});
