import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@ray/shared/messages.ar';
import type { Paged } from '@ray/shared/schemas/common';
import type { Post } from '@ray/shared/schemas/post';
import { posts } from '../../db/schema';
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

beforeAll(async () => {
  t = await createTestApp();
  author = await registerUser(t.app);
});
afterAll(async () => {
  await t.close();
});

async function stored(id: number) {
  const [row] = await t.database.db
    .select({ latitude: posts.latitude, longitude: posts.longitude, locationName: posts.locationName })
    .from(posts)
    .where(eq(posts.id, id));
  return row;
}

async function read(id: number): Promise<Post> {
  const response = await t.app.inject({ method: 'GET', url: `/api/posts/${id}` });
  expect(response.statusCode).toBe(200);
  return response.json<Post>();
}

describe('a place the geocoder could not name', () => {
  it.each([
    { how: 'without a name field', extra: {} },
    { how: 'with a null name', extra: { locationName: null } },
    { how: 'with a blank name', extra: { locationName: '   ' } },
  ])('is kept $how, rounded, and read back by everyone with no name', async ({ extra }) => {
    const post = await publishPost(t.app, author, {
      content: 'قهوة الصباح على الكورنيش',
      latitude: 21.54321,
      longitude: 39.17289,
      ...extra,
    });
    const place = { latitude: 21.54, longitude: 39.17, locationName: null };
    expect(post).toMatchObject(place);
    expect(await stored(post.id)).toEqual(place);
    expect(await read(post.id)).toMatchObject(place);

    const feed = await t.app.inject({ method: 'GET', url: '/api/posts/paginated' });
    expect(feed.json<Paged<Post>>().items.find((item) => item.id === post.id)).toMatchObject(place);
  });

  it('stays when an edit loses the name of a named place, and goes when the edit removes the place', async () => {
    const post = await publishPost(t.app, author, {
      content: 'زحام الرياض اليوم',
      latitude: 24.7136,
      longitude: 46.6753,
      locationName: 'الرياض',
    });
    const edit = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/posts/${post.id}`,
        headers: bearer(author.token),
        payload: { content: post.content, isAnonymous: false, ...payload },
      });

    const unnamed = await edit({ latitude: 24.7136, longitude: 46.6753, locationName: null });
    expect(unnamed.statusCode, unnamed.body).toBe(200);
    expect(await stored(post.id)).toEqual({ latitude: 24.71, longitude: 46.68, locationName: null });
    expect(await read(post.id)).toMatchObject({ latitude: 24.71, longitude: 46.68, locationName: null });

    const removed = await edit({ latitude: null, longitude: null, locationName: null });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await stored(post.id)).toEqual({ latitude: null, longitude: null, locationName: null });
  });

  it('refuses coordinates off the globe with 400, storing nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: bearer(author.token),
      payload: { content: 'مكان لا وجود له', latitude: 91, longitude: 39.17 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      latitude: [msg.invalidValue],
    });
  });
});
