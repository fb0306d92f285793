import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@ray/shared/messages.ar';
import type { Post } from '@ray/shared/schemas/post';
import {
  bearer,
  createTestApp,
  publishPost,
  registerUser,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { uploadImage } from '../../test/actions';

let t: TestApp;
let author: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  author = await registerUser(t.app);
});
afterAll(async () => {
  await t.close();
});

async function send(method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) {
  return t.app.inject({ method, url, headers: bearer(author.token), payload });
}

describe('image alt text', () => {
  it('stores the trimmed description with the image and answers it as imageAlt', async () => {
    const imageUrl = await uploadImage(t.app, author);
    const post = await publishPost(t.app, author, {
      content: 'غروب اليوم من الشرفة',
      imageUrl,
      imageAlt: '  شمس برتقالية تغيب خلف نخلتين  ',
    });
    expect(post.imageAlt).toBe('شمس برتقالية تغيب خلف نخلتين');
    const read = await t.app.inject({ method: 'GET', url: `/api/posts/${post.id}` });
    expect(read.json<Post>().imageAlt).toBe('شمس برتقالية تغيب خلف نخلتين');

    const edited = await send('PUT', `/api/posts/${post.id}`, {
      content: 'غروب اليوم من الشرفة',
      imageAlt: 'شمس تغيب خلف نخلتين',
    });
    expect(edited.json<Post>().imageAlt).toBe('شمس تغيب خلف نخلتين');
    // An edit that does not mention the description keeps it; removing the image removes it.
    const kept = await send('PUT', `/api/posts/${post.id}`, { content: 'غروب اليوم من الشرفة' });
    expect(kept.json<Post>().imageAlt).toBe('شمس تغيب خلف نخلتين');
    const removed = await send('PUT', `/api/posts/${post.id}`, {
      content: 'غروب اليوم من الشرفة',
      imageUrl: null,
    });
    expect(removed.json<Post>()).toMatchObject({ imageUrl: null, imageAlt: null });
  });

  it('answers a blank description, or one without an image, with none', async () => {
    const imageUrl = await uploadImage(t.app, author);
    const blank = await publishPost(t.app, author, { content: 'صورة بلا وصف', imageUrl, imageAlt: '   ' });
    expect(blank.imageAlt).toBeNull();
    const noImage = await publishPost(t.app, author, { content: 'وصف بلا صورة', imageAlt: 'لا صورة هنا' });
    expect(noImage.imageAlt).toBeNull();
  });

  it('refuses a description over 200 characters with the Arabic message, on create and on edit', async () => {
    const imageUrl = await uploadImage(t.app, author);
    const long = 'و'.repeat(201);
    const created = await send('POST', '/api/posts', { content: 'صورة بوصف طويل', imageUrl, imageAlt: long });
    expect(created.statusCode).toBe(400);
    expect(created.json<{ errors: Record<string, string[]> }>().errors.imageAlt).toContain(msg.imageAltMax);

    const post = await publishPost(t.app, author, {
      content: 'صورة بوصف مناسب',
      imageUrl,
      imageAlt: 'و'.repeat(200),
    });
    expect(post.imageAlt).toHaveLength(200);
    const edited = await send('PUT', `/api/posts/${post.id}`, { content: 'صورة بوصف مناسب', imageAlt: long });
    expect(edited.statusCode).toBe(400);
    expect(edited.json<{ errors: Record<string, string[]> }>().errors.imageAlt).toContain(msg.imageAltMax);
    const wrongType = await send('POST', '/api/posts', { content: 'وصف ليس نصا', imageUrl, imageAlt: 42 });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.body).toContain(msg.imageAltMax);
  });
});
