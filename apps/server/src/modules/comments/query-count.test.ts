import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comment } from '@ray/shared/schemas/comment';
import type { Paged } from '@ray/shared/schemas/common';
import {
  bearer,
  createTestApp,
  publishPost,
  registerUser,
  type TestApp,
  type TestUser,
} from '../../test/test-app';

/** Every statement the app sends through Drizzle while `counting` is on. */
const statements: string[] = [];
let counting = false;

let t: TestApp;
let writer: TestUser;
let viewer: TestUser;
let postId = 0;
let threadId = 0;

async function write(payload: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/comments',
    headers: bearer(writer.token),
    payload: { postId, ...payload },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Comment>();
}

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      queryLogger: {
        logQuery(query) {
          if (counting) statements.push(query);
        },
      },
    },
  );
  writer = await registerUser(t.app);
  viewer = await registerUser(t.app);
  postId = (await publishPost(t.app, writer, { content: 'منشور لعدّ الاستعلامات' })).id;
  threadId = (await write({ content: 'أول تعليق' })).id;
  for (let index = 0; index < 40; index += 1) {
    // Every other text mentions someone who exists, so the page resolves mentions too.
    const content = index % 2 === 0 ? `ردّ ${index} إلى @${viewer.username}` : `ردّ ${index}`;
    await write({ content, parentId: threadId });
    await write({ content: `تعليق ${index} مع @${viewer.username}` });
  }
}, 120_000);
afterAll(async () => {
  await t.close();
});

async function statementsOf(url: string) {
  statements.length = 0;
  counting = true;
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(viewer.token) });
  counting = false;
  expect(response.statusCode, response.body).toBe(200);
  return { page: response.json<Paged<Comment>>(), count: statements.length };
}

describe('comment lists query count', () => {
  it('reads 40 replies with the same few statements as 10, mentions included', async () => {
    await statementsOf(`/api/comments/${threadId}/replies?pageSize=5`);
    const ten = await statementsOf(`/api/comments/${threadId}/replies?pageSize=10`);
    const forty = await statementsOf(`/api/comments/${threadId}/replies?pageSize=40`);
    expect(ten.page.items).toHaveLength(10);
    expect(forty.page.items).toHaveLength(40);
    expect(forty.page.items[0]!.mentions).toEqual([{ username: viewer.username, userId: viewer.userId }]);
    expect(forty.count).toBe(ten.count);
    expect(forty.count).toBeLessThanOrEqual(4);
  });

  it('reads 40 top-level comments with their reply counts in the same statements as 10', async () => {
    const ten = await statementsOf(`/api/comments?postId=${postId}&pageSize=10`);
    const forty = await statementsOf(`/api/comments?postId=${postId}&pageSize=40`);
    expect(forty.page.items).toHaveLength(40);
    expect(forty.page.items[0]).toMatchObject({ id: threadId, replyCount: 40 });
    expect(forty.count).toBe(ten.count);
    expect(forty.count).toBeLessThanOrEqual(4);
  });
});
