import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@ray/shared/messages.ar';
import type { Paged } from '@ray/shared/schemas/common';
import type { Post, PostVersion } from '@ray/shared/schemas/post';
import { postVersions, posts } from '../../db/schema';
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
let author: TestUser;
let other: TestUser;
let moderator: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  author = await registerUser(t.app);
  other = await registerUser(t.app);
  moderator = await registerWithRole(t, 'moderator');
});
afterAll(async () => {
  await t.close();
});

async function edit(id: number, payload: Record<string, unknown>, user = author) {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/posts/${id}`,
    headers: bearer(user.token),
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Post>();
}

async function history(id: number, user: TestUser | null, query = '') {
  return t.app.inject({
    method: 'GET',
    url: `/api/posts/${id}/history${query}`,
    headers: user ? bearer(user.token) : {},
  });
}

describe('edit history', () => {
  it('keeps each earlier content with the time it was published, newest first, and marks the post edited', async () => {
    const post = await publishPost(t.app, author, { content: 'النسخة الأولى من رأيي في القهوة' });
    expect(post.editedAt).toBeNull();
    expect((await history(post.id, null)).json<Paged<PostVersion>>().items).toEqual([]);

    const first = await edit(post.id, { content: 'النسخة الثانية من رأيي في القهوة' });
    expect(first.editedAt).not.toBeNull();
    expect(first.content).toBe('النسخة الثانية من رأيي في القهوة');
    const second = await edit(post.id, { content: 'النسخة الثالثة من رأيي في القهوة' });
    expect(Date.parse(second.editedAt!)).toBeGreaterThanOrEqual(Date.parse(first.editedAt!));

    const response = await history(post.id, other);
    expect(response.statusCode).toBe(200);
    const page = response.json<Paged<PostVersion>>();
    expect(page.items.map((version) => version.content)).toEqual([
      'النسخة الثانية من رأيي في القهوة',
      'النسخة الأولى من رأيي في القهوة',
    ]);
    // The first version was published with the post; the second by the first edit.
    expect(page.items[1]!.writtenAt).toBe(post.createdAt);
    expect(page.items[0]!.writtenAt).toBe(first.editedAt);
    expect(page.pagination.totalCount).toBe(2);
    expect(Object.keys(page.items[0]!).sort()).toEqual(['content', 'id', 'writtenAt']);

    const read = await t.app.inject({ method: 'GET', url: `/api/posts/${post.id}` });
    expect(read.json<Post>().editedAt).toBe(second.editedAt);
  });

  it('makes no version when only anonymity, image or place change, nor when the text is sent unchanged', async () => {
    const post = await publishPost(t.app, author, { content: 'رأي لن يتغير نصه أبدا' });
    const same = await edit(post.id, {
      content: '  رأي لن يتغير نصه أبدا  ',
      isAnonymous: true,
      locationName: 'الرياض',
    });
    expect(same.editedAt).toBeNull();
    expect(same.isAnonymous).toBe(true);
    const rows = await t.database.db.select().from(postVersions).where(eq(postVersions.postId, post.id));
    expect(rows).toEqual([]);
  });

  it('pages the versions with a cursor, each page the next older ones', async () => {
    const post = await publishPost(t.app, author, { content: 'نسخة رقم 0 من المنشور' });
    for (let n = 1; n <= 5; n++) await edit(post.id, { content: `نسخة رقم ${n} من المنشور` });
    const first = (await history(post.id, author, '?pageSize=2')).json<Paged<PostVersion>>();
    expect(first.items.map((v) => v.content)).toEqual(['نسخة رقم 4 من المنشور', 'نسخة رقم 3 من المنشور']);
    expect(first.pagination.hasNextPage).toBe(true);
    const second = (
      await history(post.id, author, `?pageSize=2&cursor=${first.pagination.nextCursor!}`)
    ).json<Paged<PostVersion>>();
    expect(second.items.map((v) => v.content)).toEqual(['نسخة رقم 2 من المنشور', 'نسخة رقم 1 من المنشور']);
    const third = (
      await history(post.id, author, `?pageSize=2&cursor=${second.pagination.nextCursor!}`)
    ).json<Paged<PostVersion>>();
    expect(third.items.map((v) => v.content)).toEqual(['نسخة رقم 0 من المنشور']);
    expect(third.pagination.hasNextPage).toBe(false);

    const bad = await history(post.id, author, '?cursor=not-a-cursor');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(msg.invalidValue);
  });

  it('answers a hidden post only to its author and moderators, and a missing post with 404', async () => {
    const post = await publishPost(t.app, author, { content: 'منشور سيخفيه المشرفون لاحقا' });
    await edit(post.id, { content: 'منشور سيخفيه المشرفون بعد التعديل' });
    await t.database.db.update(posts).set({ hiddenAt: new Date() }).where(eq(posts.id, post.id));

    for (const viewer of [other, null]) {
      const refused = await history(post.id, viewer);
      expect(refused.statusCode).toBe(404);
      expect(refused.json<{ message: string }>().message).toBe(msg.postNotFound);
    }
    for (const viewer of [author, moderator]) {
      const allowed = await history(post.id, viewer);
      expect(allowed.statusCode).toBe(200);
      expect(allowed.json<Paged<PostVersion>>().items).toHaveLength(1);
    }
    expect((await history(987_654_321, author)).statusCode).toBe(404);
  });

  it('carries nothing about who wrote an anonymous post', async () => {
    const post = await publishPost(t.app, author, {
      content: 'رأي مجهول قبل التعديل',
      isAnonymous: true,
    });
    await edit(post.id, { content: 'رأي مجهول بعد التعديل', isAnonymous: true });
    for (const viewer of [author, other, moderator, null]) {
      const response = await history(post.id, viewer);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('رأي مجهول قبل التعديل');
      expect(response.body).not.toContain(author.userId);
      expect(response.body).not.toContain(author.username);
    }
  });

  it('keeps the votes of an edited post and still refuses new poll options once voted', async () => {
    const poll = await publishPost(t.app, author, {
      content: 'أي مشروب تفضل في الصباح؟',
      votingType: 'poll',
      pollOptions: ['قهوة', 'شاي'],
    });
    const vote = await t.app.inject({
      method: 'POST',
      url: '/api/votes',
      headers: bearer(other.token),
      payload: { postId: poll.id, value: 0 },
    });
    expect(vote.statusCode, vote.body).toBe(200);
    const edited = await edit(poll.id, { content: 'أي مشروب تفضل في الصباح الباكر؟' });
    expect(edited.votingStatistics).toMatchObject({ type: 'poll', totalVotes: 1 });
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/posts/${poll.id}`,
      headers: bearer(author.token),
      payload: { content: 'أي مشروب تفضل في الصباح؟', pollOptions: ['قهوة', 'عصير'] },
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.body).toContain(msg.votingTypeLocked);
  });
});
