import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paged } from '@ray/shared/schemas/common';
import type { Comment } from '@ray/shared/schemas/comment';
import type { Post } from '@ray/shared/schemas/post';
import type { CreateReportResult, ReportDetail } from '@ray/shared/schemas/report';
import { notifyClosedPolls } from './modules/posts/poll-closing';
import { registerWithRole } from './test/roles';
import { bearer, createTestApp, registerUser, type TestApp, type TestUser } from './test/test-app';

/**
 * Anonymous posts and comments carry a `user` object, as the specification's clients expect, that names no one:
 * the very same object for their author, another user, a moderator and a visitor, in every answer that carries
 * posts or comments. Its `isOwner` still tells the author the content is theirs.
 */

const ANONYMOUS = { userId: null, username: null, displayName: 'مجهول', avatarUrl: null };

let t: TestApp;
let author: TestUser;
let other: TestUser;
let moderator: TestUser;
const tag = `غفل${randomBytes(3).toString('hex')}`;

beforeAll(async () => {
  t = await createTestApp();
  author = await registerUser(t.app);
  other = await registerUser(t.app);
  moderator = await registerWithRole(t, 'moderator');
});
afterAll(async () => {
  await t.close();
});

async function call(user: TestUser | null, options: InjectOptions & { url: string }) {
  const response = await t.app.inject({ ...options, headers: user ? bearer(user.token) : {} });
  expect(response.statusCode, `${options.method ?? 'GET'} ${options.url}: ${response.body}`).toBeLessThan(
    300,
  );
  return response;
}

describe('the anonymous author', () => {
  it('is one object naming no one, for the author, another user, a moderator and a visitor', async () => {
    const post = (
      await call(author, {
        method: 'POST',
        url: '/api/posts',
        payload: { content: `رأي بلا اسم عن #${tag}`, isAnonymous: true },
      })
    ).json<Post>();
    expect(post.user).toEqual(ANONYMOUS);
    expect(post.isOwner).toBe(true);

    const edited = (
      await call(author, {
        method: 'PUT',
        url: `/api/posts/${post.id}`,
        payload: { content: `رأي بلا اسم معدّل عن #${tag}`, isAnonymous: true },
      })
    ).json<Post>();
    expect(edited.user).toEqual(ANONYMOUS);

    const comment = (
      await call(author, {
        method: 'POST',
        url: '/api/comments',
        payload: { postId: post.id, content: 'تعليق بلا اسم', isAnonymous: true },
      })
    ).json<Comment>();
    expect(comment.user).toEqual(ANONYMOUS);
    expect(comment.isOwner).toBe(true);
    const editedComment = (
      await call(author, {
        method: 'PUT',
        url: `/api/comments/${comment.id}`,
        payload: { content: 'تعليق بلا اسم معدّل' },
      })
    ).json<Comment>();
    expect(editedComment.user).toEqual(ANONYMOUS);

    // A signed comment next to it keeps its author.
    const signed = (
      await call(other, {
        method: 'POST',
        url: '/api/comments',
        payload: { postId: post.id, content: 'تعليق باسمي' },
      })
    ).json<Comment>();
    expect(signed.user).toMatchObject({ userId: other.userId, username: other.username });

    for (const viewer of [author, other, moderator]) {
      await call(viewer, { method: 'POST', url: '/api/bookmarks', payload: { postId: post.id } });
    }

    const viewers = { author, other, moderator, visitor: null };
    for (const [who, viewer] of Object.entries(viewers)) {
      const posts: Post[] = [];
      const read = async (url: string) => (await call(viewer, { method: 'GET', url })).body;
      posts.push(JSON.parse(await read(`/api/posts/${post.id}`)) as Post);
      for (const url of [
        '/api/posts/paginated?pageSize=50',
        `/api/posts/search?query=${encodeURIComponent(tag)}`,
        `/api/hashtags/${encodeURIComponent(tag)}/posts`,
        `/api/posts/trending/paginated?days=1&hashtag=${encodeURIComponent(tag)}`,
        ...(viewer ? ['/api/posts/paginated?pageType=Bookmarks', '/api/bookmarks'] : []),
        ...(viewer === author ? ['/api/posts/paginated?pageType=MyPosts'] : []),
      ]) {
        const found = (JSON.parse(await read(url)) as Paged<Post>).items.filter(
          (item) => item.id === post.id,
        );
        expect(found, `${who} ${url}`).toHaveLength(1);
        posts.push(...found);
      }
      for (const seen of posts) {
        expect(seen.user, who).toEqual(ANONYMOUS);
        expect(seen.isOwner, who).toBe(viewer === author);
      }

      const comments = JSON.parse(await read(`/api/comments?postId=${post.id}`)) as Paged<Comment>;
      const mine = comments.items.find((item) => item.id === comment.id);
      expect(mine?.user, who).toEqual(ANONYMOUS);
      expect(mine?.isOwner, who).toBe(viewer === author);
      expect(comments.items.find((item) => item.id === signed.id)?.user.userId).toBe(other.userId);
    }

    // A moderator reading the reported post and comment in context gets the same object, and nothing else.
    for (const payload of [
      { PostId: post.id, Reason: 'Spam' },
      { CommentId: comment.id, Reason: 'Harassment' },
    ]) {
      const report = (
        await call(other, { method: 'POST', url: '/api/reports', payload })
      ).json<CreateReportResult>();
      const response = await call(moderator, { method: 'GET', url: `/api/reports/${report.report.id}` });
      const detail = response.json<ReportDetail>();
      expect(detail.post?.user).toEqual(ANONYMOUS);
      if (detail.comment) expect(detail.comment.user).toEqual(ANONYMOUS);
      expect(detail.contentAuthor).toBeNull();
      expect(response.body).not.toContain(author.userId);
      expect(response.body).not.toContain(author.username);
    }
  });

  it('stays out of the following feed and the suggestions of those who follow the author', async () => {
    const follower = await registerUser(t.app);
    const followed = await call(follower, {
      method: 'POST',
      url: '/api/users/follow',
      payload: { followerId: follower.userId, followedId: author.userId },
    });
    expect(followed.json<boolean>()).toBe(true);
    const post = (
      await call(author, {
        method: 'POST',
        url: '/api/posts',
        payload: { content: `رأي بلا اسم لا يراه المتابعون #${tag}`, isAnonymous: true },
      })
    ).json<Post>();
    const feed = await call(follower, { method: 'GET', url: '/api/posts/paginated?pageType=Following' });
    expect(feed.json<Paged<Post>>().items.map((item) => item.id)).not.toContain(post.id);
    expect(feed.body).not.toContain(post.content);

    // Someone who writes only anonymously is never suggested as an active author.
    const hidden = await registerUser(t.app);
    for (let index = 0; index < 3; index += 1)
      await call(hidden, {
        method: 'POST',
        url: '/api/posts',
        payload: { content: `رأي آخر بلا اسم ${index}`, isAnonymous: true },
      });
    const suggested = await call(other, { method: 'GET', url: '/api/users/suggestions?limit=20' });
    expect(suggested.body).not.toContain(hidden.userId);
  });

  it('is described so in the API description', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    interface Schema {
      properties: Record<string, { enum?: unknown[]; anyOf?: Schema[] }>;
    }
    const docs = response.json<{
      paths: Record<
        string,
        { get: { responses: { 200: { content: { 'application/json': { schema: Schema } } } } } }
      >;
    }>();
    const post = docs.paths['/api/posts/{id}']!.get.responses[200].content['application/json'].schema;
    // The post's user: a signed author, or the anonymous one with null id and username and the fixed name.
    const anonymous = post.properties.user!.anyOf!.find((option) => option.properties.userId!.enum);
    expect(anonymous?.properties.userId!.enum).toEqual([null]);
    expect(anonymous?.properties.username!.enum).toEqual([null]);
    expect(anonymous?.properties.displayName!.enum).toEqual(['مجهول']);
  });

  it("is not told by an anonymous poll's edit history or its closing notices", async () => {
    const poll = (
      await call(author, {
        method: 'POST',
        url: '/api/posts',
        payload: {
          content: 'استطلاع بلا اسم عن القهوة',
          isAnonymous: true,
          votingType: 'poll',
          pollOptions: ['نعم', 'لا'],
          pollDuration: '1h',
        },
      })
    ).json<Post>();
    await call(other, { method: 'POST', url: '/api/votes', payload: { postId: poll.id, value: 1 } });
    await call(author, {
      method: 'PUT',
      url: `/api/posts/${poll.id}`,
      payload: { content: 'استطلاع بلا اسم عن القهوة العربية', isAnonymous: true },
    });
    for (const viewer of [other, moderator, null]) {
      const history = await call(viewer, { method: 'GET', url: `/api/posts/${poll.id}/history` });
      expect(history.body).toContain('استطلاع بلا اسم عن القهوة');
      expect(history.body).not.toContain(author.userId);
      expect(history.body).not.toContain(author.username);
    }
    await notifyClosedPolls(t.app.ctx, new Date(Date.now() + 2 * 3_600_000));
    const notices = await call(other, { method: 'GET', url: '/api/notifications/user?limit=50' });
    const notice = notices
      .json<{ postId: number | null; senderName: string }[]>()
      .find((item) => item.postId === poll.id);
    expect(notice).toBeDefined();
    expect(notice?.senderName).not.toContain(author.username);
    expect(notices.body).not.toContain(author.userId);
    expect(notices.body).not.toContain(author.username);
  });
});

describe('the anonymous author, in replies and mentions', () => {
  it('is named by no reply, reply list, reply prefix or notification it causes', async () => {
    const post = (
      await call(other, { method: 'POST', url: '/api/posts', payload: { content: 'منشور للنقاش' } })
    ).json<Post>();
    const top = (
      await call(other, {
        method: 'POST',
        url: '/api/comments',
        payload: { postId: post.id, content: 'رأيي' },
      })
    ).json<Comment>();
    const reply = (
      await call(author, {
        method: 'POST',
        url: '/api/comments',
        payload: {
          postId: post.id,
          parentId: top.id,
          content: `ردّ بلا اسم يذكر @${moderator.username}`,
          isAnonymous: true,
        },
      })
    ).json<Comment>();
    expect(reply.user).toEqual(ANONYMOUS);
    // Answering the anonymous reply does not put its writer's name in front of the answer.
    const answer = (
      await call(other, {
        method: 'POST',
        url: '/api/comments',
        payload: { postId: post.id, parentId: reply.id, content: 'جواب' },
      })
    ).json<Comment>();
    expect(answer.content).toBe('جواب');

    for (const viewer of [author, other, moderator, null]) {
      const listed = await call(viewer, { method: 'GET', url: `/api/comments/${top.id}/replies` });
      const item = listed.json<Paged<Comment>>().items.find((row) => row.id === reply.id);
      expect(item?.user).toEqual(ANONYMOUS);
      expect(listed.body).not.toContain(author.userId);
      expect(listed.body).not.toContain(author.username);
    }
    for (const recipient of [other, moderator]) {
      const told = await call(recipient, { method: 'GET', url: '/api/notifications/user?limit=50' });
      const about = told
        .json<{ postId: number | null; senderName: string }[]>()
        .filter((row) => row.postId === post.id);
      expect(about.length).toBeGreaterThan(0);
      expect(about.every((row) => row.senderName === 'مجهول')).toBe(true);
      expect(told.body).not.toContain(author.username);
    }
  });
});

describe('the anonymous author, in data exports and account deletions', () => {
  it('is named in no one else’s export, and a deletion answers without listing anonymous posts', async () => {
    const writer = await registerUser(t.app);
    const owner = await registerUser(t.app);
    const mine = (
      await call(owner, { method: 'POST', url: '/api/posts', payload: { content: 'رأي صاحب المنشور' } })
    ).json<Post>();
    const hidden = (
      await call(writer, {
        method: 'POST',
        url: '/api/posts',
        payload: { content: 'رأي بلا اسم سيحذف مع حسابه', isAnonymous: true },
      })
    ).json<Post>();
    await call(writer, {
      method: 'POST',
      url: '/api/comments',
      payload: { postId: mine.id, content: 'تعليق بلا اسم على منشورك', isAnonymous: true },
    });

    const exported = await call(owner, { method: 'GET', url: '/api/account/export' });
    expect(exported.body).toContain('تعليق بلا اسم على منشورك');
    expect(exported.body).not.toContain(writer.userId);
    expect(exported.body).not.toContain(writer.username);
    const ownExport = (await call(writer, { method: 'GET', url: '/api/account/export' })).json<{
      posts: { id: number; isAnonymous: boolean }[];
    }>();
    expect(ownExport.posts).toEqual([expect.objectContaining({ id: hidden.id, isAnonymous: true })]);

    const deleted = await call(writer, {
      method: 'DELETE',
      url: '/api/account',
      payload: { password: writer.password },
    });
    expect(deleted.body).not.toContain(String(hidden.id));
    expect(Object.keys(deleted.json<Record<string, unknown>>()).sort()).toEqual(['message', 'success']);
  });
});

describe('the anonymous author, across blocks and mutes', () => {
  it('keeps anonymous posts and comments of either side visible and answerable, both directions', async () => {
    const first = await registerUser(t.app);
    const second = await registerUser(t.app);
    const host = (
      await call(other, { method: 'POST', url: '/api/posts', payload: { content: `منشور مضيف #${tag}` } })
    ).json<Post>();
    const anonymousOf = async (writer: TestUser) => {
      const post = (
        await call(writer, {
          method: 'POST',
          url: '/api/posts',
          payload: { content: `رأي بلا اسم #${tag}`, isAnonymous: true },
        })
      ).json<Post>();
      const comment = (
        await call(writer, {
          method: 'POST',
          url: '/api/comments',
          payload: { postId: host.id, content: 'تعليق بلا اسم', isAnonymous: true },
        })
      ).json<Comment>();
      return { post, comment };
    };
    const ofFirst = await anonymousOf(first);
    const ofSecond = await anonymousOf(second);
    // One side blocks and the other mutes: nothing anonymous may move for either of them.
    await call(first, { method: 'POST', url: `/api/users/${second.userId}/block` });
    await call(second, { method: 'POST', url: `/api/users/${first.userId}/mute` });

    for (const [viewer, theirs] of [
      [first, ofSecond],
      [second, ofFirst],
    ] as const) {
      for (const url of [
        '/api/posts/paginated?pageSize=50',
        `/api/hashtags/${encodeURIComponent(tag)}/posts?pageSize=50`,
      ]) {
        const page = (await call(viewer, { method: 'GET', url })).json<Paged<Post>>();
        expect(
          page.items.map((item) => item.id),
          url,
        ).toContain(theirs.post.id);
      }
      const opened = (
        await call(viewer, { method: 'GET', url: `/api/posts/${theirs.post.id}` })
      ).json<Post>();
      expect(opened.user).toEqual(ANONYMOUS);
      const comments = (
        await call(viewer, { method: 'GET', url: `/api/comments?postId=${host.id}&pageSize=50` })
      ).json<Paged<Comment>>();
      expect(comments.items.map((item) => item.id)).toContain(theirs.comment.id);
      await call(viewer, {
        method: 'POST',
        url: '/api/comments',
        payload: { postId: theirs.post.id, content: 'رد على رأي بلا اسم' },
      });
      await call(viewer, {
        method: 'POST',
        url: '/api/comments',
        payload: { postId: host.id, parentId: theirs.comment.id, content: 'رد على تعليق بلا اسم' },
      });
      await call(viewer, {
        method: 'POST',
        url: '/api/votes',
        payload: { postId: theirs.post.id, value: 1 },
      });
    }
  });
});
