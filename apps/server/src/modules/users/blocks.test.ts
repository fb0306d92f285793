import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse } from '@ray/shared/errors';
import { msg } from '@ray/shared/messages.ar';
import { serverMsg } from '@ray/shared/server-messages.ar';
import type { Comment } from '@ray/shared/schemas/comment';
import type { Paged } from '@ray/shared/schemas/common';
import type { Post } from '@ray/shared/schemas/post';
import type { RestrictedUser } from '@ray/shared/schemas/privacy';
import type { PublicProfile, UserListItem } from '@ray/shared/schemas/profile';
import { comments, posts, postVersions, users } from '../../db/schema';
import { notificationsOf } from '../../test/actions';
import { bearer, createTestApp, registerUser, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
});
afterAll(async () => {
  await t.close();
});

const as = (user: TestUser | null) => (user ? bearer(user.token) : {});

async function post(author: TestUser, content: string, isAnonymous = false): Promise<Post> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/posts',
    headers: as(author),
    payload: { content, isAnonymous },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Post>();
}

async function comment(author: TestUser, postId: number, content: string, isAnonymous = false) {
  return t.app.inject({
    method: 'POST',
    url: '/api/comments',
    headers: as(author),
    payload: { postId, content, isAnonymous },
  });
}

const get = (url: string, viewer: TestUser | null) =>
  t.app.inject({ method: 'GET', url, headers: as(viewer) });
const block = (by: TestUser, other: string, method: 'POST' | 'DELETE' = 'POST') =>
  t.app.inject({ method, url: `/api/users/${other}/block`, headers: as(by) });

async function ids(url: string, viewer: TestUser | null): Promise<number[]> {
  const response = await get(url, viewer);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Paged<Post>>().items.map((item) => item.id);
}

async function commentIds(postId: number, viewer: TestUser | null): Promise<number[]> {
  const response = await get(`/api/comments?postId=${postId}&pageSize=50`, viewer);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Paged<Comment>>().items.map((item) => item.id);
}

async function counts(user: TestUser) {
  const [row] = await t.database.db
    .select({ followers: users.followersCount, following: users.followingCount })
    .from(users)
    .where(eq(users.id, user.userId));
  return row!;
}

const follow = (follower: TestUser, followed: TestUser) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/follow',
    headers: as(follower),
    payload: { followerId: follower.userId, followedId: followed.userId },
  });

describe('POST and DELETE /api/users/{id}/block', () => {
  it('needs a signed-in caller, refuses oneself with 400 and an unknown user with 404', async () => {
    const me = await registerUser(t.app);
    const other = await registerUser(t.app);
    expect((await t.app.inject({ method: 'POST', url: `/api/users/${other.userId}/block` })).statusCode).toBe(
      401,
    );
    const self = await block(me, me.userId);
    expect(self.statusCode).toBe(400);
    expect(self.json<ErrorResponse>().message).toBe(serverMsg.cannotBlockSelf);
    const missing = await block(me, '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json<ErrorResponse>().message).toBe(msg.userNotFound);
    expect((await block(me, 'not-a-uuid')).statusCode).toBe(400);
  });

  it('is idempotent both ways and shows in the blocker’s list only', async () => {
    const me = await registerUser(t.app);
    const other = await registerUser(t.app);
    for (let i = 0; i < 2; i += 1) {
      const response = await block(me, other.userId);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ isBlocked: true });
    }
    const list = await get('/api/users/blocks', me);
    expect(list.statusCode).toBe(200);
    const page = list.json<Paged<RestrictedUser>>();
    expect(page.items.map((item) => item.userId)).toEqual([other.userId]);
    expect(page.pagination.totalCount).toBe(1);
    expect((await get('/api/users/blocks', other)).json<Paged<RestrictedUser>>().items).toEqual([]);
    expect((await get('/api/users/blocks', null)).statusCode).toBe(401);

    for (let i = 0; i < 2; i += 1) {
      const response = await block(me, other.userId, 'DELETE');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ isBlocked: false });
    }
    expect((await get('/api/users/blocks', me)).json<Paged<RestrictedUser>>().items).toEqual([]);
  });

  it('pages the list of blocked people with a cursor', async () => {
    const me = await registerUser(t.app);
    const others = [await registerUser(t.app), await registerUser(t.app), await registerUser(t.app)];
    for (const other of others) expect((await block(me, other.userId)).statusCode).toBe(200);
    const first = (await get('/api/users/blocks?pageSize=2', me)).json<Paged<RestrictedUser>>();
    expect(first.items).toHaveLength(2);
    expect(first.pagination.hasNextPage).toBe(true);
    const second = (await get(`/api/users/blocks?pageSize=2&cursor=${first.pagination.nextCursor}`, me)).json<
      Paged<RestrictedUser>
    >();
    expect(second.items).toHaveLength(1);
    const seen = [...first.items, ...second.items].map((item) => item.userId).sort();
    expect(seen).toEqual(others.map((other) => other.userId).sort());
  });
});

describe('a block between two people', () => {
  let blocker: TestUser;
  let blocked: TestUser;
  let bystander: TestUser;
  let blockerPost: Post;
  let blockedPost: Post;
  let blockerAnonymous: Post;
  let blockedAnonymous: Post;
  let bystanderPost: Post;
  let blockedComment: number;
  let blockedAnonymousComment: number;

  beforeAll(async () => {
    blocker = await registerUser(t.app, { firstName: 'حاظر', lastName: 'الأول' });
    blocked = await registerUser(t.app, { firstName: 'محظور', lastName: 'الثاني' });
    bystander = await registerUser(t.app);
    expect((await follow(blocker, blocked)).statusCode).toBe(200);
    expect((await follow(blocked, blocker)).statusCode).toBe(200);
    blockerPost = await post(blocker, 'منشور الحاظر عن #حظر_تجربة');
    blockedPost = await post(blocked, 'منشور المحظور عن #حظر_تجربة');
    blockerAnonymous = await post(blocker, 'منشور مجهول من الحاظر عن #حظر_تجربة', true);
    blockedAnonymous = await post(blocked, 'منشور مجهول من المحظور عن #حظر_تجربة', true);
    bystanderPost = await post(bystander, 'منشور شخص ثالث عن #حظر_تجربة');
    blockedComment = (await comment(blocked, bystanderPost.id, 'تعليق المحظور الموقع')).json<Comment>().id;
    blockedAnonymousComment = (
      await comment(blocked, bystanderPost.id, 'تعليق المحظور المجهول', true)
    ).json<Comment>().id;
    const before = { blocker: await counts(blocker), blocked: await counts(blocked) };
    expect(before.blocker).toEqual({ followers: 1, following: 1 });
    expect(before.blocked).toEqual({ followers: 1, following: 1 });
    expect((await block(blocker, blocked.userId)).statusCode).toBe(200);
  });

  it('ends the follows both ways with the counters kept exact, and a second block changes nothing', async () => {
    expect(await counts(blocker)).toEqual({ followers: 0, following: 0 });
    expect(await counts(blocked)).toEqual({ followers: 0, following: 0 });
    expect((await block(blocker, blocked.userId)).statusCode).toBe(200);
    expect(await counts(blocker)).toEqual({ followers: 0, following: 0 });
  });

  it('refuses a follow either way with 403 and the Arabic message', async () => {
    for (const [a, b] of [
      [blocked, blocker],
      [blocker, blocked],
    ] as const) {
      const response = await follow(a, b);
      expect(response.statusCode).toBe(403);
      expect(response.json<ErrorResponse>().message).toBe(serverMsg.blockedFollow);
    }
    expect(await counts(blocker)).toEqual({ followers: 0, following: 0 });
  });

  it('hides each side’s signed posts from the other in the feed, search, hashtag pages and profiles', async () => {
    for (const [viewer, hidden, shown] of [
      [blocker, blockedPost, blockerPost],
      [blocked, blockerPost, blockedPost],
    ] as const) {
      const feeds = [
        '/api/posts/paginated?pageSize=50',
        `/api/posts/search?query=${encodeURIComponent('منشور')}&pageSize=50`,
        `/api/hashtags/${encodeURIComponent('حظر_تجربة')}/posts?pageSize=50`,
        `/api/hashtags/${encodeURIComponent('حظر_تجربة')}/posts?sortBy=popular&pageSize=50`,
        `/api/posts/paginated?hashtag=${encodeURIComponent('حظر_تجربة')}&pageSize=50`,
        '/api/posts/trending/paginated?days=1&pageSize=50',
      ];
      for (const url of feeds) {
        const seen = await ids(url, viewer);
        expect(seen, url).not.toContain(hidden.id);
        expect(seen, url).toContain(shown.id);
        expect(seen, url).toContain(bystanderPost.id);
      }
      const otherId = hidden === blockedPost ? blocked.userId : blocker.userId;
      expect(await ids(`/api/posts/paginated?userId=${otherId}`, viewer)).toEqual([]);
      // A visitor and a third person still see both.
      for (const other of [null, bystander]) {
        const seen = await ids('/api/posts/paginated?pageSize=50', other);
        expect(seen).toContain(hidden.id);
        expect(seen).toContain(shown.id);
      }
    }
  });

  it('answers a signed post page across the block exactly like a missing post', async () => {
    for (const [viewer, hidden] of [
      [blocker, blockedPost],
      [blocked, blockerPost],
    ] as const) {
      const response = await get(`/api/posts/${hidden.id}`, viewer);
      const missing = await get('/api/posts/987654321', viewer);
      expect(response.statusCode).toBe(404);
      expect(response.json<ErrorResponse>().message).toBe(missing.json<ErrorResponse>().message);
      expect((await get(`/api/comments?postId=${hidden.id}`, viewer)).statusCode).toBe(404);
    }
    expect((await get(`/api/posts/${blockedPost.id}`, bystander)).statusCode).toBe(200);
  });

  it('keeps anonymous posts and comments of both sides visible and answerable to the other', async () => {
    for (const [viewer, anonymous] of [
      [blocker, blockedAnonymous],
      [blocked, blockerAnonymous],
    ] as const) {
      expect(await ids('/api/posts/paginated?pageSize=50', viewer)).toContain(anonymous.id);
      const hashtag = await ids(`/api/hashtags/${encodeURIComponent('حظر_تجربة')}/posts?pageSize=50`, viewer);
      expect(hashtag).toContain(anonymous.id);
      expect((await get(`/api/posts/${anonymous.id}`, viewer)).statusCode).toBe(200);
      const answer = await comment(viewer, anonymous.id, 'رد على منشور مجهول');
      expect(answer.statusCode, answer.body).toBe(201);
      const vote = await t.app.inject({
        method: 'POST',
        url: '/api/votes',
        headers: as(viewer),
        payload: { postId: anonymous.id, value: 1 },
      });
      expect(vote.statusCode, vote.body).toBe(200);
    }
    const seen = await commentIds(bystanderPost.id, blocker);
    expect(seen).toContain(blockedAnonymousComment);
    expect(seen).not.toContain(blockedComment);
    expect(await commentIds(bystanderPost.id, bystander)).toContain(blockedComment);
  });

  it('refuses comments, replies and votes on the other side’s signed content with 403', async () => {
    const onPost = await comment(blocked, blockerPost.id, 'محاولة تعليق');
    expect(onPost.statusCode).toBe(403);
    expect(onPost.json<ErrorResponse>().message).toBe(serverMsg.blockedComment);

    const blockerComment = await comment(blocker, bystanderPost.id, 'تعليق الحاظر الموقع');
    expect(blockerComment.statusCode).toBe(201);
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: as(blocked),
      payload: { postId: bystanderPost.id, content: 'رد ممنوع', parentId: blockerComment.json<Comment>().id },
    });
    expect(reply.statusCode).toBe(403);
    expect(reply.json<ErrorResponse>().message).toBe(serverMsg.blockedReply);

    const vote = await t.app.inject({
      method: 'POST',
      url: '/api/votes',
      headers: as(blocked),
      payload: { postId: blockerPost.id, value: 1 },
    });
    expect(vote.statusCode).toBe(403);
    expect(vote.json<ErrorResponse>().message).toBe(serverMsg.blockedVote);
  });

  it('shows a profile across the block without its content, and tells only the blocker that they blocked', async () => {
    const seenByBlocker = (await get(`/api/users/${blocked.userId}`, blocker)).json<PublicProfile>();
    expect(seenByBlocker).toMatchObject({
      isBlocked: true,
      isUnavailable: true,
      bio: null,
      avatarUrl: null,
      postsCount: 0,
      isFollowing: false,
    });
    const seenByBlocked = (await get(`/api/users/${blocker.userId}`, blocked)).json<PublicProfile>();
    expect(seenByBlocked).toMatchObject({
      isBlocked: false,
      isMuted: false,
      isUnavailable: true,
      postsCount: 0,
    });
    const seenByVisitor = (await get(`/api/users/${blocker.userId}`, null)).json<PublicProfile>();
    expect(seenByVisitor).toMatchObject({ isBlocked: false, isUnavailable: false });
    expect(seenByVisitor.postsCount).toBeGreaterThan(0);
  });

  it('leaves each side out of the other’s people search and follow lists', async () => {
    expect((await follow(bystander, blocked)).statusCode).toBe(200);
    expect((await follow(bystander, blocker)).statusCode).toBe(200);
    const followingOfBystander = async (viewer: TestUser | null) =>
      (await get(`/api/users/${bystander.userId}/following`, viewer))
        .json<Paged<UserListItem>>()
        .items.map((item) => item.userId);
    expect(await followingOfBystander(blocker)).not.toContain(blocked.userId);
    expect(await followingOfBystander(blocker)).toContain(blocker.userId);
    expect(await followingOfBystander(null)).toContain(blocked.userId);
    const listsOfBlocked = (await get(`/api/users/${blocked.userId}/followers`, blocker)).json<
      Paged<UserListItem>
    >();
    expect(listsOfBlocked.items).toEqual([]);

    const search = await get(`/api/users/search?q=${encodeURIComponent('محظور')}`, blocker);
    expect(search.statusCode).toBe(200);
    const found = search.json<Paged<UserListItem>>().items.map((item) => item.userId);
    expect(found).not.toContain(blocked.userId);
    const byBystander = (await get(`/api/users/search?q=${encodeURIComponent('محظور')}`, bystander)).json<
      Paged<UserListItem>
    >();
    expect(byBystander.items.map((item) => item.userId)).toContain(blocked.userId);
  });

  it('refuses a signed post, comment, reply or edit by the blocked that mentions the blocker, writing nothing', async () => {
    const refused = serverMsg.blockedMention(blocker.username);
    const mention = `@${blocker.username}`;
    const topComment = await comment(bystander, bystanderPost.id, 'تعليق شخص ثالث يرد عليه المحظور');
    const ownComment = await comment(blocked, bystanderPost.id, 'تعليق المحظور قبل تعديله');
    const written = async () => {
      const [postRows] = await t.database.db
        .select({ n: count() })
        .from(posts)
        .where(eq(posts.authorId, blocked.userId));
      const [commentRows] = await t.database.db
        .select({ n: count() })
        .from(comments)
        .where(eq(comments.authorId, blocked.userId));
      const [versionRows] = await t.database.db.select({ n: count() }).from(postVersions);
      const [counted] = await t.database.db
        .select({ comments: posts.commentCount })
        .from(posts)
        .where(eq(posts.id, bystanderPost.id));
      const [thread] = await t.database.db
        .select({ replies: comments.replyCount })
        .from(comments)
        .where(eq(comments.id, topComment.json<Comment>().id));
      return {
        posts: postRows!.n,
        comments: commentRows!.n,
        versions: versionRows!.n,
        commentCount: counted!.comments,
        replyCount: thread!.replies,
      };
    };
    const expectRefused = (response: Awaited<ReturnType<typeof get>>, what: string) => {
      expect(response.statusCode, `${what}: ${response.body}`).toBe(403);
      expect(response.json<ErrorResponse>()).toMatchObject({ code: 'FORBIDDEN', message: refused });
    };
    expect(ownComment.statusCode).toBe(201);
    const before = await written();

    const published = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: as(blocked),
      payload: { content: `ما رأيك يا ${mention.toUpperCase()}؟` },
    });
    expectRefused(published, 'post');
    expectRefused(await comment(blocked, bystanderPost.id, `أوافق ${mention}`), 'comment');
    expectRefused(
      await t.app.inject({
        method: 'POST',
        url: '/api/comments',
        headers: as(blocked),
        payload: {
          postId: bystanderPost.id,
          parentId: topComment.json<Comment>().id,
          content: `اسأل ${mention}`,
        },
      }),
      'reply',
    );
    expectRefused(
      await t.app.inject({
        method: 'PUT',
        url: `/api/posts/${blockedPost.id}`,
        headers: as(blocked),
        payload: { content: `منشور المحظور بعد التعديل ${mention}` },
      }),
      'post edit',
    );
    // Turning an anonymous post that names the blocker into a signed one is the same signed mention.
    const anonymousMention = await post(blocked, `سؤال مجهول إلى ${mention}`, true);
    const before2 = await written();
    expectRefused(
      await t.app.inject({
        method: 'PUT',
        url: `/api/posts/${anonymousMention.id}`,
        headers: as(blocked),
        payload: { content: anonymousMention.content, isAnonymous: false },
      }),
      'post signed by an edit',
    );
    expectRefused(
      await t.app.inject({
        method: 'PUT',
        url: `/api/comments/${ownComment.json<Comment>().id}`,
        headers: as(blocked),
        payload: { content: `تعليق بعد التعديل ${mention}` },
      }),
      'comment edit',
    );

    expect(await written()).toEqual(before2);
    expect(before2).toEqual({ ...before, posts: before.posts + 1 });
    expect((await get(`/api/posts/${blockedPost.id}`, blocked)).json<Post>().content).toBe(
      blockedPost.content,
    );
    expect((await get(`/api/posts/${anonymousMention.id}`, blocked)).json<Post>().isAnonymous).toBe(true);
    expect(await commentIds(bystanderPost.id, blocked)).toContain(ownComment.json<Comment>().id);
    const listed = (await get(`/api/comments?postId=${bystanderPost.id}&pageSize=50`, blocked)).json<
      Paged<Comment>
    >();
    expect(listed.items.find((item) => item.id === ownComment.json<Comment>().id)?.content).toBe(
      'تعليق المحظور قبل تعديله',
    );
    expect(
      (await notificationsOf(t.app, blocker)).filter(
        (item) => item.type === 'mention' && item.senderName !== 'مجهول',
      ),
    ).toEqual([]);
  });

  it('lets the blocked mention the blocker anonymously, told as from «مجهول» like anyone else', async () => {
    const anonymous = await post(blocked, `سؤال مجهول آخر إلى @${blocker.username}`, true);
    const told = (await notificationsOf(t.app, blocker)).filter(
      (item) => item.type === 'mention' && item.postId === anonymous.id,
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.senderName).toBe('مجهول');
    expect(JSON.stringify(told)).not.toContain(blocked.username);
    const answer = await comment(blocked, bystanderPost.id, `سؤال إلى @${blocker.username}`, true);
    expect(answer.statusCode, answer.body).toBe(201);
  });

  it('lets the blocker name the person they blocked without telling them', async () => {
    const named = await post(blocker, `منشور الحاظر يذكر @${blocked.username}`);
    const answer = await comment(blocker, bystanderPost.id, `تعليق الحاظر يذكر @${blocked.username}`);
    expect(answer.statusCode, answer.body).toBe(201);
    const told = (await notificationsOf(t.app, blocked)).filter((item) => item.type === 'mention');
    expect(told.map((item) => item.postId)).not.toContain(named.id);
    expect(told.map((item) => item.postId)).not.toContain(bystanderPost.id);
  });

  it('never stops either side from reporting the other', async () => {
    for (const [reporter, target] of [
      [blocked, blockerPost],
      [blocker, blockedPost],
    ] as const) {
      const report = await t.app.inject({
        method: 'POST',
        url: '/api/reports',
        headers: as(reporter),
        payload: { postId: target.id, reason: 'Spam' },
      });
      expect(report.statusCode, report.body).toBe(201);
    }
    const onComment = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: as(blocker),
      payload: { commentId: blockedComment, reason: 'Harassment' },
    });
    expect(onComment.statusCode, onComment.body).toBe(201);
  });

  it('gives everything back once unblocked', async () => {
    expect((await block(blocker, blocked.userId, 'DELETE')).statusCode).toBe(200);
    expect(await ids('/api/posts/paginated?pageSize=50', blocker)).toContain(blockedPost.id);
    expect((await get(`/api/posts/${blockerPost.id}`, blocked)).statusCode).toBe(200);
    expect((await follow(blocked, blocker)).statusCode).toBe(200);
    expect(await counts(blocker)).toMatchObject({ followers: 2 });
  });
});
