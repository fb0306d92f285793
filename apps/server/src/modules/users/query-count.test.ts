import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Paged } from '@ray/shared/schemas/common';
import { pagedMutedWordsSchema, pagedRestrictedUsersSchema } from '@ray/shared/schemas/privacy';
import { pagedUsersSchema, userSuggestionsSchema } from '@ray/shared/schemas/profile';
import { follow } from '../../test/actions';
import { bearer, createTestApp, registerUser, type TestApp, type TestUser } from '../../test/test-app';

/** Every statement the app sends through Drizzle while `counting` is on. */
const statements: string[] = [];
let counting = false;

let t: TestApp;
/** Searches and is suggested people: follows `friend`, who follows everyone in `people`. */
let viewer: TestUser;
let friend: TestUser;
/** Blocks, mutes and mutes words: the owner of the settings lists. */
let keeper: TestUser;
const people: TestUser[] = [];
const PEOPLE = 24;
const SEARCHED = 'نجلاء';

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
  viewer = await registerUser(t.app);
  friend = await registerUser(t.app);
  keeper = await registerUser(t.app);
  await follow(t.app, viewer, friend);
  for (let index = 0; index < PEOPLE; index += 1) {
    const person = await registerUser(t.app, { firstName: SEARCHED, lastName: `رقم ${index}` });
    people.push(person);
    await follow(t.app, friend, person);
    // Some are followed already: the search answers whether each one is, for the whole page at once.
    if (index % 3 === 0) await follow(t.app, viewer, person);
    for (const action of ['block', 'mute'] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/users/${person.userId}/${action}`,
        headers: bearer(keeper.token),
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const word = await t.app.inject({
      method: 'POST',
      url: '/api/users/muted-words',
      headers: bearer(keeper.token),
      payload: { word: index % 2 === 0 ? `كلمة${index}` : `#وسم_${index}` },
    });
    expect(word.statusCode, word.body).toBe(201);
  }
}, 180_000);
afterAll(async () => {
  await t.close();
});

/** Reads `url` as `user`, checks the answer against its schema, and counts the statements it took. */
async function statementsOf<S extends z.ZodType>(url: string, user: TestUser, schema: S) {
  statements.length = 0;
  counting = true;
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(user.token) });
  counting = false;
  expect(response.statusCode, response.body).toBe(200);
  return { body: schema.parse(response.json()), count: statements.length };
}

describe('people query count', () => {
  it('searches 20 people, and the next cursor page, with the same statements as 5', async () => {
    const url = (pageSize: number, cursor?: string | null) =>
      `/api/users/search?q=${encodeURIComponent(SEARCHED)}&pageSize=${pageSize}${cursor ? `&cursor=${cursor}` : ''}`;
    // The first request fills the per-process caches (the session check) that later pages reuse.
    await statementsOf(url(1), viewer, pagedUsersSchema);
    const five = await statementsOf(url(5), viewer, pagedUsersSchema);
    const twenty = await statementsOf(url(20), viewer, pagedUsersSchema);
    const next = await statementsOf(url(20, twenty.body.pagination.nextCursor), viewer, pagedUsersSchema);

    expect(five.body.items).toHaveLength(5);
    expect(twenty.body.items).toHaveLength(20);
    expect(next.body.items).toHaveLength(PEOPLE - 20);
    const followed = new Set(people.filter((_, index) => index % 3 === 0).map((person) => person.userId));
    for (const item of [...twenty.body.items, ...next.body.items])
      expect(item.isFollowing, item.username).toBe(followed.has(item.userId));
    expect(five.count).toBeGreaterThanOrEqual(1);
    expect(twenty.count).toBe(five.count);
    expect(next.count).toBe(five.count);
    expect(twenty.count).toBe(1);
  });

  it('suggests 20 people with the same statements as 5', async () => {
    await statementsOf('/api/users/suggestions?limit=1', viewer, userSuggestionsSchema);
    const five = await statementsOf('/api/users/suggestions?limit=5', viewer, userSuggestionsSchema);
    const twenty = await statementsOf('/api/users/suggestions?limit=20', viewer, userSuggestionsSchema);

    expect(five.body.items).toHaveLength(5);
    // Everyone the friend follows whom the viewer does not follow yet.
    expect(twenty.body.items).toHaveLength(PEOPLE - Math.ceil(PEOPLE / 3));
    expect(twenty.count).toBe(five.count);
    expect(twenty.count).toBe(1);
  });
});

/**
 * Reads a settings list at 5, then 20 per page and the next cursor page, and checks that each costs the same few
 * statements; answers the 20-item page for checks of its own.
 */
async function pagesAlike(path: string, schema: z.ZodType<Paged<unknown>>) {
  const url = (pageSize: number, cursor?: string | null) =>
    `${path}?pageSize=${pageSize}${cursor ? `&cursor=${cursor}` : ''}`;
  await statementsOf(url(1), keeper, schema);
  const five = await statementsOf(url(5), keeper, schema);
  const twenty = await statementsOf(url(20), keeper, schema);
  const next = await statementsOf(url(20, twenty.body.pagination.nextCursor), keeper, schema);

  expect(five.body.items).toHaveLength(5);
  expect(twenty.body.items).toHaveLength(20);
  expect(next.body.items).toHaveLength(PEOPLE - 20);
  expect(twenty.count).toBe(five.count);
  expect(next.count).toBe(five.count);
  expect(twenty.count).toBeLessThanOrEqual(2);
  return twenty;
}

describe('settings lists query count', () => {
  for (const list of ['blocks', 'mutes'] as const) {
    it(`pages 20 ${list === 'blocks' ? 'blocked' : 'muted'} people, and the next cursor page, with the same statements as 5`, async () => {
      const twenty = await pagesAlike(`/api/users/${list}`, pagedRestrictedUsersSchema);
      expect(twenty.body.pagination.totalCount).toBe(PEOPLE);
    });
  }

  it('pages 20 muted words, and the next cursor page, with the same statements as 5', async () => {
    await pagesAlike('/api/users/muted-words', pagedMutedWordsSchema);
  });
});
