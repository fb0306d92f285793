import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse } from '@ray/shared/errors';
import { msg } from '@ray/shared/messages.ar';
import { serverMsg } from '@ray/shared/server-messages.ar';
import type { Paged } from '@ray/shared/schemas/common';
import type { PublicProfile, UserListItem } from '@ray/shared/schemas/profile';
import { follows, users } from '../../db/schema';
import { bearer, createTestApp, registerUser, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  alice = await registerUser(t.app, { firstName: 'أحمد', lastName: 'القحطاني' });
  bob = await registerUser(t.app);
});
afterAll(async () => {
  await t.close();
});

const profile = async (id: string, viewer: TestUser | null = null) =>
  t.app.inject({ method: 'GET', url: `/api/users/${id}`, headers: viewer ? bearer(viewer.token) : {} });
const followCall = (kind: 'follow' | 'unfollow', caller: TestUser | null, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/users/${kind}`,
    headers: caller ? bearer(caller.token) : {},
    payload,
  });
const follow = (caller: TestUser, followed: TestUser) =>
  followCall('follow', caller, { followerId: caller.userId, followedId: followed.userId });
const unfollow = (caller: TestUser, followed: TestUser) =>
  followCall('unfollow', caller, { followerId: caller.userId, followedId: followed.userId });

async function counts(user: TestUser) {
  const [row] = await t.database.db
    .select({ followers: users.followersCount, following: users.followingCount })
    .from(users)
    .where(eq(users.id, user.userId));
  return row!;
}

async function realCounts(user: TestUser) {
  const [row] = await t.database.db
    .select({
      followers: sql<number>`(select count(*)::int from follows where followed_id = ${user.userId})`,
      following: sql<number>`(select count(*)::int from follows where follower_id = ${user.userId})`,
    })
    .from(users)
    .where(eq(users.id, user.userId));
  return row!;
}

describe('public profiles', () => {
  it('shows the public profile with counts, and whether the caller follows or owns it', async () => {
    const visitorView = await profile(alice.userId);
    expect(visitorView.statusCode).toBe(200);
    const body = visitorView.json<PublicProfile>();
    expect(body).toMatchObject({
      userId: alice.userId,
      username: alice.username,
      firstName: 'أحمد',
      lastName: 'القحطاني',
      displayName: 'أحمد القحطاني',
      bio: null,
      avatarUrl: null,
      postsCount: 0,
      isFollowing: false,
      isOwnProfile: false,
    });
    expect(body).not.toHaveProperty('email');
    expect(body).not.toHaveProperty('role');
    expect((await profile(alice.userId, alice)).json<PublicProfile>().isOwnProfile).toBe(true);
    expect((await profile(alice.userId, bob)).json<PublicProfile>().isOwnProfile).toBe(false);
  });

  it('counts public posts only: anonymous posts never move postsCount', async () => {
    const author = await registerUser(t.app);
    for (const isAnonymous of [false, true, false, true]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/posts',
        headers: bearer(author.token),
        payload: { content: 'منشور للعد', isAnonymous },
      });
      expect(response.statusCode).toBe(201);
    }
    expect((await profile(author.userId)).json<PublicProfile>().postsCount).toBe(2);
  });

  it('answers 404 for an unknown user and 400 for an id that is not a uuid', async () => {
    const unknown = await profile('6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ErrorResponse>().message).toBe(msg.userNotFound);
    const bad = await profile('not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorResponse>().errors?.id).toContain(msg.invalidValue);
  });

  it('keeps the fixed paths of /api/users out of reach of /:id', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users/profile' })).statusCode).toBe(401);
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: bearer(alice.token),
    });
    expect(own.json<{ email: string }>().email).toBe(alice.email);
    const name = await t.app.inject({ method: 'GET', url: `/api/users/profile-name?userId=${alice.userId}` });
    expect(name.json<{ displayName: string }>().displayName).toBe('أحمد القحطاني');
    expect((await t.app.inject({ method: 'GET', url: '/api/users/search?q=abc' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/users/avatar' })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/users/follow',
          payload: { followerId: alice.userId, followedId: bob.userId },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('follows', () => {
  it('follows and unfollows, answering true, with counters and isFollowing in step', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const first = await follow(a, b);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toBe(true);
    const again = await follow(a, b);
    expect(again.json()).toBe(true);
    expect(await counts(a)).toEqual({ followers: 0, following: 1 });
    expect(await counts(b)).toEqual({ followers: 1, following: 0 });
    expect((await profile(b.userId, a)).json<PublicProfile>()).toMatchObject({
      isFollowing: true,
      followersCount: 1,
    });
    expect((await profile(b.userId)).json<PublicProfile>().isFollowing).toBe(false);

    expect((await unfollow(a, b)).json()).toBe(true);
    expect((await unfollow(a, b)).json()).toBe(true);
    expect(await counts(a)).toEqual({ followers: 0, following: 0 });
    expect(await counts(b)).toEqual({ followers: 0, following: 0 });
  });

  it('refuses visitors (401), acting for someone else (403), oneself (400) and unknown users (404)', async () => {
    const visitor = await followCall('follow', null, { followerId: alice.userId, followedId: bob.userId });
    expect(visitor.statusCode).toBe(401);
    for (const kind of ['follow', 'unfollow'] as const) {
      const forged = await followCall(kind, bob, { followerId: alice.userId, followedId: bob.userId });
      expect(forged.statusCode).toBe(403);
      expect(forged.json<ErrorResponse>().message).toBe(msg.forbidden);
      const self = await followCall(kind, alice, { followerId: alice.userId, followedId: alice.userId });
      expect(self.statusCode).toBe(400);
      expect(self.json<ErrorResponse>().errors?.followedId).toContain(serverMsg.cannotFollowSelf);
    }
    const upperSelf = await followCall('follow', alice, {
      followerId: alice.userId.toUpperCase(),
      followedId: alice.userId,
    });
    expect(upperSelf.statusCode).toBe(400);
    const unknown = await followCall('follow', alice, {
      followerId: alice.userId,
      followedId: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ErrorResponse>().message).toBe(msg.userNotFound);
    expect(await counts(alice)).toEqual(await realCounts(alice));
  });

  it('rejects missing and mistyped fields with 400 and the Arabic message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'followerId'],
      [{ followerId: alice.userId }, 'followedId'],
      [{ followerId: alice.userId, followedId: 42 }, 'followedId'],
      [{ followerId: 'alice', followedId: bob.userId }, 'followerId'],
      [{ followerId: alice.userId, followedId: `${bob.userId}x` }, 'followedId'],
    ];
    for (const [payload, field] of cases) {
      const response = await followCall('follow', alice, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<ErrorResponse>().errors?.[field]).toContain(msg.invalidValue);
    }
  });

  it('keeps counters exact under 20 concurrent follow and unfollow requests', async () => {
    const target = await registerUser(t.app);
    const fans = await Promise.all(Array.from({ length: 4 }, () => registerUser(t.app)));
    // Each fan sends five requests at once, alternating, while the target follows two of them back.
    const requests = fans.flatMap((fan, i) =>
      Array.from({ length: 5 }, (_, j) => ((i + j) % 2 === 0 ? follow(fan, target) : unfollow(fan, target))),
    );
    requests.push(follow(target, fans[0]!), follow(target, fans[1]!));
    const responses = await Promise.all(requests);
    expect(responses.every((r) => r.statusCode === 200 && r.json() === true)).toBe(true);

    for (const user of [target, ...fans]) expect(await counts(user)).toEqual(await realCounts(user));
    const concurrentFollowers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => follow(fans[i % 4]!, target)),
    );
    expect(concurrentFollowers.every((r) => r.statusCode === 200)).toBe(true);
    expect(await counts(target)).toMatchObject({ followers: 4, following: 2 });
    expect(await realCounts(target)).toMatchObject({ followers: 4, following: 2 });
    const [rows] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(follows)
      .where(eq(follows.followedId, target.userId));
    expect(rows!.n).toBe(4);
  });

  it('pages followers and following most recent first, with isFollowing for the caller', async () => {
    const star = await registerUser(t.app);
    const fans: TestUser[] = [];
    for (let i = 0; i < 5; i++) {
      const fan = await registerUser(t.app);
      expect((await follow(fan, star)).statusCode).toBe(200);
      fans.push(fan);
    }
    expect((await follow(star, fans[0]!)).statusCode).toBe(200);

    const url = (side: string, query = '') => `/api/users/${star.userId}/${side}${query}`;
    const first = (
      await t.app.inject({
        method: 'GET',
        url: url('followers', '?pageSize=2'),
        headers: bearer(fans[0]!.token),
      })
    ).json<Paged<UserListItem>>();
    expect(first.items.map((u) => u.userId)).toEqual([fans[4]!.userId, fans[3]!.userId]);
    expect(first.pagination).toMatchObject({ hasNextPage: true, totalCount: 5 });
    const rest: UserListItem[] = [];
    let cursor = first.pagination.nextCursor;
    while (cursor) {
      const page = (
        await t.app.inject({ method: 'GET', url: url('followers', `?pageSize=2&cursor=${cursor}`) })
      ).json<Paged<UserListItem>>();
      rest.push(...page.items);
      cursor = page.pagination.nextCursor;
    }
    expect(rest.map((u) => u.userId)).toEqual([fans[2]!.userId, fans[1]!.userId, fans[0]!.userId]);
    expect(rest.every((u) => !u.isFollowing)).toBe(true);

    const following = (
      await t.app.inject({ method: 'GET', url: url('following'), headers: bearer(fans[1]!.token) })
    ).json<Paged<UserListItem>>();
    expect(following.items.map((u) => u.userId)).toEqual([fans[0]!.userId]);
    expect(following.items[0]).toMatchObject({ username: fans[0]!.username, isFollowing: false });
    expect(following.items[0]).not.toHaveProperty('email');
    const mutual = (
      await t.app.inject({
        method: 'GET',
        url: `/api/users/${fans[1]!.userId}/following`,
        headers: bearer(star.token),
      })
    ).json<Paged<UserListItem>>();
    expect(mutual.items[0]).toMatchObject({ userId: star.userId, isFollowing: false });
  });

  it('rejects bad list requests and answers 404 for an unknown user', async () => {
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/users/6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f/followers',
        })
      ).statusCode,
    ).toBe(404);
    for (const query of ['?cursor=bad!', '?cursor=dDE6bm9wZQ', '?pageSize=0', '?page=x']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/users/${alice.userId}/following${query}`,
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json<ErrorResponse>().code).toBe('VALIDATION_FAILED');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/users/123/followers' })).statusCode).toBe(400);
  });
});

describe('user search', () => {
  it('finds users by username or name, Arabic-normalised, prefix matches first', async () => {
    const hamza = await registerUser(t.app, { username: 'hamzaDev', firstName: 'حمزة', lastName: 'الشمري' });
    const byUsername = (await t.app.inject({ method: 'GET', url: '/api/users/search?q=HAMZA' })).json<
      Paged<UserListItem>
    >().items;
    expect(byUsername[0]?.userId).toBe(hamza.userId);
    const bySpelling = (
      await t.app.inject({ method: 'GET', url: `/api/users/search?q=${encodeURIComponent('حمزه')}` })
    ).json<Paged<UserListItem>>().items;
    expect(bySpelling.map((u) => u.userId)).toContain(hamza.userId);
    const byAlef = (
      await t.app.inject({ method: 'GET', url: `/api/users/search?q=${encodeURIComponent('احمد')}` })
    ).json<Paged<UserListItem>>().items;
    expect(byAlef.map((u) => u.userId)).toContain(alice.userId);
    const byLastName = (
      await t.app.inject({ method: 'GET', url: `/api/users/search?q=${encodeURIComponent('قحطا')}` })
    ).json<Paged<UserListItem>>().items;
    expect(byLastName.map((u) => u.userId)).toEqual([alice.userId]);
    const wildcard = (
      await t.app.inject({ method: 'GET', url: `/api/users/search?q=${encodeURIComponent('%')}` })
    ).json<Paged<UserListItem>>().items;
    expect(wildcard).toEqual([]);
  });

  it('returns 20 users to a page by default', async () => {
    await Promise.all(
      Array.from({ length: 22 }, (_, i) => registerUser(t.app, { username: `zzsearch${i}` })),
    );
    const results = (await t.app.inject({ method: 'GET', url: '/api/users/search?q=zzsearch' })).json<
      Paged<UserListItem>
    >();
    expect(results.items).toHaveLength(20);
    expect(results.pagination.hasNextPage).toBe(true);
  });

  it('rejects an empty or over-long query with the Arabic message', async () => {
    for (const [query, message] of [
      ['', msg.searchQueryRequired],
      ['?q=', msg.searchQueryRequired],
      ['?q=%20%20', msg.searchQueryRequired],
      [`?q=${'a'.repeat(101)}`, msg.textTooLong],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url: `/api/users/search${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json<ErrorResponse>().errors?.q).toContain(message);
    }
  });

  it('documents the profile and follow routes in OpenAPI', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>().paths;
    for (const path of [
      '/api/users/{id}',
      '/api/users/{id}/followers',
      '/api/users/{id}/following',
      '/api/users/search',
    ])
      expect(paths[path]?.get, path).toBeDefined();
    for (const path of ['/api/users/follow', '/api/users/unfollow'])
      expect(paths[path]?.post, path).toBeDefined();
  });
});
