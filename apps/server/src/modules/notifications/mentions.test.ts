import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse } from '@ray/shared/errors';
import type { Post } from '@ray/shared/schemas/post';
import { serverMsg } from '@ray/shared/server-messages.ar';
import { blocks } from '../../db/schema';
import { commentOn, notificationsOf } from '../../test/actions';
import {
  bearer,
  createTestApp,
  publishPost,
  registerUser,
  type TestApp,
  type TestUser,
} from '../../test/test-app';

let t: TestApp;
let writer: TestUser;
let sara: TestUser;
let omar: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  writer = await registerUser(t.app, { firstName: 'كاتب', lastName: 'المنشورات' });
  sara = await registerUser(t.app);
  omar = await registerUser(t.app);
});
afterAll(async () => {
  await t.close();
});

async function mentionsOf(user: TestUser, postId: number) {
  return (await notificationsOf(t.app, user)).filter(
    (item) => item.type === 'mention' && item.postId === postId,
  );
}

function editPost(user: TestUser, id: number, content: string) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/posts/${id}`,
    headers: bearer(user.token),
    payload: { content },
  });
}

describe('mentions', () => {
  it('tells a mentioned person once, named, with the post to open, and links only people who exist', async () => {
    const post = await publishPost(t.app, writer, {
      content: `ما رأيك @${sara.username} و @${sara.username.toUpperCase()} و @nobody123x؟`,
    });
    expect(post.mentions).toEqual([{ username: sara.username, userId: sara.userId }]);
    const told = await mentionsOf(sara, post.id);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ type: 'mention', senderName: 'كاتب المنشورات', postId: post.id });

    // An edit that keeps Sara and adds Omar tells Omar only.
    const edited = await editPost(writer, post.id, `${post.content} وأيضًا @${omar.username}`);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await mentionsOf(sara, post.id)).toHaveLength(1);
    expect(await mentionsOf(omar, post.id)).toHaveLength(1);

    const read = await t.app.inject({ method: 'GET', url: `/api/posts/${post.id}` });
    expect(
      read
        .json<Post>()
        .mentions?.map((target) => target.userId)
        .sort(),
    ).toEqual([sara.userId, omar.userId].sort());
  });

  it('never tells the writer about themself', async () => {
    const post = await publishPost(t.app, writer, { content: `أنا @${writer.username}` });
    expect(await mentionsOf(writer, post.id)).toEqual([]);
  });

  it('sends a mention in anonymous content from «مجهول», storing no writer', async () => {
    const post = await publishPost(t.app, writer, { content: 'منشور' });
    const comment = await commentOn(t.app, writer, post.id, `سؤال إلى @${omar.username}`, {
      isAnonymous: true,
    });
    expect(comment.mentions).toEqual([{ username: omar.username, userId: omar.userId }]);
    const told = await mentionsOf(omar, post.id);
    expect(told).toHaveLength(1);
    expect(told[0]!.senderName).toBe('مجهول');
    expect(JSON.stringify(told)).not.toContain(writer.username);
    expect(JSON.stringify(told)).not.toContain('كاتب');
  });

  it('refuses a signed mention of a blocker, tells no one the writer blocked, and takes anonymous ones', async () => {
    const blocker = await registerUser(t.app);
    const blocked = await registerUser(t.app);
    await t.database.db.insert(blocks).values([
      { blockerId: blocker.userId, blockedId: writer.userId },
      { blockerId: writer.userId, blockedId: blocked.userId },
    ]);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: bearer(writer.token),
      payload: { content: `@${blocker.username} و @${blocked.username}` },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorResponse>().message).toBe(serverMsg.blockedMention(blocker.username));

    const signed = await publishPost(t.app, writer, { content: `@${blocked.username}` });
    expect(await mentionsOf(blocked, signed.id)).toEqual([]);

    const anonymous = await publishPost(t.app, writer, {
      content: `@${blocker.username} و @${blocked.username}`,
      isAnonymous: true,
    });
    expect(await mentionsOf(blocker, anonymous.id)).toHaveLength(1);
    expect(await mentionsOf(blocked, anonymous.id)).toHaveLength(1);
  });

  it('tells a reply author of a mention once even when the reply also answers them', async () => {
    const post = await publishPost(t.app, writer, { content: 'منشور' });
    const top = await commentOn(t.app, sara, post.id, 'تعليق');
    await commentOn(t.app, omar, post.id, `@${sara.username} أوافق`, { parentId: top.id });
    const aboutPost = (await notificationsOf(t.app, sara)).filter((item) => item.postId === post.id);
    expect(aboutPost.map((item) => item.type)).toEqual(['reply']);
  });

  it('tells at most the first ten people a text names', async () => {
    const people = await Promise.all(Array.from({ length: 11 }, () => registerUser(t.app)));
    const post = await publishPost(t.app, writer, {
      content: people.map((person) => `@${person.username}`).join(' '),
    });
    const told = await Promise.all(people.map((person) => mentionsOf(person, post.id)));
    expect(told.map((list) => list.length)).toEqual([...Array<number>(10).fill(1), 0]);
  });
});
