import { createECDH, randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unusedPort } from './test/ports';
import { registerWithRole } from './test/roles';
import { bearer, createTestApp, registerUser, type TestApp, type TestUser } from './test/test-app';

/**
 * Who may do what to whose object: every write and every private read, for the owner of the object, another
 * user, a visitor, a moderator and an admin. Each cell works on objects made fresh for it. Where an actor may
 * not touch an object that exists, the answer must be exactly the answer for an object that does not exist.
 */

type Actor = 'owner' | 'other' | 'visitor' | 'moderator' | 'admin';
const ACTORS: Actor[] = ['owner', 'other', 'visitor', 'moderator', 'admin'];
const MISSING = 987_654_321;

interface Objects {
  postId: number;
  commentId: number;
  notificationId: number;
  reportId: number;
  adId: number;
  contactId: number;
}

interface Operation {
  name: string;
  /** The request against the objects; `id` is the object's id, or a missing one for the comparison. */
  request: (objects: Objects, id: (real: number) => number, people: People) => InjectOptions;
  expected: Record<Actor, number>;
  /** Compare the refused answers with the answers for a missing object. */
  hidesExistence?: boolean;
}

interface People {
  owner: TestUser;
  other: TestUser;
  moderator: TestUser;
  admin: TestUser;
}

let t: TestApp;
let people: People;
/** The contact form is rate-limited per address, so one message serves every cell. */
let contactId = MISSING;
let pushOrigin = '';

beforeAll(async () => {
  pushOrigin = `http://127.0.0.1:${await unusedPort()}`;
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000', WEB_PUSH_ALLOWED_ORIGINS: pushOrigin });
  people = {
    owner: await registerUser(t.app),
    other: await registerUser(t.app),
    moderator: await registerWithRole(t, 'moderator'),
    admin: await registerWithRole(t, 'admin'),
  };
  await ok(
    {
      method: 'POST',
      url: '/api/contact',
      payload: {
        name: 'صاحب الرسالة',
        email: people.owner.email,
        subject: 'سؤال عن الحساب',
        message: 'أريد أن أعرف كيف أغير اسمي',
        category: 'account',
      },
    },
    people.owner.token,
  );
  const inbox = await ok<{ items: { id: number }[] }>(
    { method: 'GET', url: '/api/admin/contact-messages' },
    people.admin.token,
  );
  contactId = inbox.items[0]?.id ?? MISSING;
}, 60_000);

afterAll(async () => {
  await t.close();
});

async function call(options: InjectOptions, token?: string) {
  return t.app.inject({
    ...options,
    headers: { ...(options.headers ?? {}), ...(token ? bearer(token) : {}) },
  });
}

async function ok<T>(options: InjectOptions, token?: string): Promise<T> {
  const response = await call(options, token);
  expect(response.statusCode, `${JSON.stringify(options.url)}: ${response.body}`).toBeLessThan(300);
  return response.json<T>();
}

/** A post of the owner, with a comment, a notification (another user's comment), a report on it and more. */
async function freshObjects(): Promise<Objects> {
  const { owner, other, admin } = people;
  const post = await ok<{ id: number }>(
    { method: 'POST', url: '/api/posts', payload: { content: 'منشور لاختبار الصلاحيات في رأي' } },
    owner.token,
  );
  const comment = await ok<{ id: number }>(
    { method: 'POST', url: '/api/comments', payload: { postId: post.id, content: 'تعليق صاحب المنشور' } },
    owner.token,
  );
  await ok(
    { method: 'POST', url: '/api/comments', payload: { postId: post.id, content: 'تعليق مستخدم آخر' } },
    other.token,
  );
  const notifications = await ok<{ id: number }[]>(
    { method: 'GET', url: '/api/notifications/user' },
    owner.token,
  );
  const notification = notifications[0];
  const reported = await ok<{ id: number }>(
    { method: 'POST', url: '/api/posts', payload: { content: 'منشور مستخدم آخر سيبلغ عنه صاحبنا' } },
    other.token,
  );
  const { report } = await ok<{ report: { id: number } }>(
    { method: 'POST', url: '/api/reports', payload: { PostId: reported.id, Reason: 1 } },
    owner.token,
  );
  const ad = await ok<{ id: number }>(
    {
      method: 'POST',
      url: '/api/admin/ads',
      payload: {
        title: 'إعلان تجريبي',
        targetUrl: 'https://ray.example/ad',
        placements: ['Sidebar'],
        weight: 1,
      },
    },
    admin.token,
  );
  return {
    postId: post.id,
    commentId: comment.id,
    notificationId: notification!.id,
    reportId: report.id,
    adId: ad.id,
    contactId,
  };
}

const ownerOnly = { owner: 200, other: 404, visitor: 401, moderator: 404, admin: 404 };
const moderators = { owner: 403, other: 403, visitor: 401, moderator: 200, admin: 200 };
const admins = { owner: 403, other: 403, visitor: 401, moderator: 403, admin: 200 };
const signedIn = { owner: 200, other: 200, visitor: 401, moderator: 200, admin: 200 };
const everyone = { owner: 200, other: 200, visitor: 200, moderator: 200, admin: 200 };

/**
 * A browser's push subscription, new for each call, at the one push service this app allows: a local port where
 * nothing listens, so that the notifications of later cells are pushed nowhere outside the machine.
 */
function pushSubscription() {
  const ecdh = createECDH('prime256v1');
  return {
    endpoint: `${pushOrigin}/push/${randomBytes(12).toString('hex')}`,
    keys: { p256dh: ecdh.generateKeys('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

const OPERATIONS: Operation[] = [
  {
    name: 'read a post',
    request: (o, id) => ({ method: 'GET', url: `/api/posts/${id(o.postId)}` }),
    expected: everyone,
  },
  {
    name: "read a post's edit history",
    request: (o, id) => ({ method: 'GET', url: `/api/posts/${id(o.postId)}/history` }),
    expected: everyone,
  },
  {
    name: 'edit a post',
    request: (o, id) => ({
      method: 'PUT',
      url: `/api/posts/${id(o.postId)}`,
      payload: { content: 'نص جديد للمنشور بعد التعديل' },
    }),
    expected: ownerOnly,
    hidesExistence: true,
  },
  {
    name: 'delete a post',
    request: (o, id) => ({ method: 'POST', url: `/api/posts/${id(o.postId)}/delete` }),
    expected: ownerOnly,
    hidesExistence: true,
  },
  {
    name: 'edit a comment',
    request: (o, id) => ({
      method: 'PUT',
      url: `/api/comments/${id(o.commentId)}`,
      payload: { content: 'تعليق معدل' },
    }),
    expected: ownerOnly,
    hidesExistence: true,
  },
  {
    name: 'delete a comment',
    request: (o, id) => ({ method: 'DELETE', url: `/api/comments/${id(o.commentId)}` }),
    expected: ownerOnly,
    hidesExistence: true,
  },
  {
    name: 'reply to a comment',
    request: (o, id) => ({
      method: 'POST',
      url: '/api/comments',
      payload: { postId: o.postId, parentId: id(o.commentId), content: 'ردّ على التعليق' },
    }),
    expected: signedIn,
  },
  {
    name: "read a comment's replies",
    request: (o, id) => ({ method: 'GET', url: `/api/comments/${id(o.commentId)}/replies` }),
    expected: everyone,
  },
  {
    name: 'vote on a post',
    request: (o) => ({ method: 'POST', url: '/api/votes', payload: { postId: o.postId, value: 1 } }),
    expected: signedIn,
  },
  {
    name: 'read my rating of a post',
    request: (o) => ({ method: 'GET', url: `/api/votes/post/${o.postId}/user-rating` }),
    expected: signedIn,
  },
  {
    name: 'bookmark a post',
    request: (o) => ({ method: 'POST', url: '/api/bookmarks', payload: { postId: o.postId } }),
    expected: signedIn,
  },
  {
    name: 'list my bookmarks',
    request: () => ({ method: 'GET', url: '/api/bookmarks' }),
    expected: signedIn,
  },
  {
    name: 'follow on behalf of the owner',
    request: (_o, _id, p) => ({
      method: 'POST',
      url: '/api/users/follow',
      payload: { followerId: p.owner.userId, followedId: p.admin.userId },
    }),
    expected: { owner: 200, other: 403, visitor: 401, moderator: 403, admin: 403 },
  },
  {
    name: 'mark a notification read',
    request: (o, id) => ({ method: 'PUT', url: `/api/notifications/${id(o.notificationId)}/read` }),
    expected: ownerOnly,
    hidesExistence: true,
  },
  {
    name: 'list my notifications',
    request: () => ({ method: 'GET', url: '/api/notifications/user' }),
    expected: signedIn,
  },
  {
    name: 'read my notification preferences',
    request: () => ({ method: 'GET', url: '/api/notifications/preferences' }),
    expected: signedIn,
  },
  {
    name: 'change my notification preferences',
    request: () => ({
      method: 'PUT',
      url: '/api/notifications/preferences',
      payload: { kinds: { like: { inApp: true, push: true, digest: true } } },
    }),
    expected: signedIn,
  },
  {
    name: 'read the push public key',
    request: () => ({ method: 'GET', url: '/api/push/public-key' }),
    expected: everyone,
  },
  {
    name: 'subscribe a browser to pushes',
    request: () => ({ method: 'POST', url: '/api/push/subscriptions', payload: pushSubscription() }),
    expected: signedIn,
  },
  {
    // No session: knowing the old endpoint is the proof, whoever sends it.
    name: "report a browser's replaced push subscription",
    request: () => ({
      method: 'POST',
      url: '/api/push/subscriptions/renewal',
      payload: { oldEndpoint: pushSubscription().endpoint, ...pushSubscription() },
    }),
    expected: everyone,
  },
  {
    name: 'stop pushes to a browser',
    request: () => ({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      payload: { endpoint: pushSubscription().endpoint },
    }),
    expected: signedIn,
  },
  {
    name: 'edit my profile',
    request: () => ({
      method: 'PUT',
      url: '/api/users/profile',
      payload: { firstName: 'اسم', lastName: 'جديد', bio: '' },
    }),
    expected: signedIn,
  },
  {
    name: 'read a report',
    request: (o) => ({ method: 'GET', url: `/api/reports/${o.reportId}` }),
    expected: moderators,
  },
  {
    name: 'decide a report',
    request: (o) => ({ method: 'PUT', url: `/api/reports/${o.reportId}/process`, payload: { status: 4 } }),
    expected: moderators,
  },
  {
    name: 'list the moderation queue',
    request: () => ({ method: 'GET', url: '/api/reports' }),
    expected: moderators,
  },
  {
    name: 'list my own reports',
    request: () => ({ method: 'GET', url: '/api/reports/my-reports' }),
    expected: signedIn,
  },
  {
    name: 'read an ad for administration',
    request: (o) => ({ method: 'GET', url: `/api/admin/ads/${o.adId}` }),
    expected: admins,
  },
  {
    name: 'pause an ad',
    request: (o) => ({ method: 'PUT', url: `/api/admin/ads/${o.adId}/status`, payload: { isActive: false } }),
    expected: admins,
  },
  {
    name: 'read the contact inbox',
    request: () => ({ method: 'GET', url: '/api/admin/contact-messages' }),
    expected: admins,
  },
  {
    name: 'mark a contact message read',
    request: (o) => ({ method: 'POST', url: `/api/admin/contact-messages/${o.contactId}/read` }),
    expected: admins,
  },
  {
    name: 'switch maintenance mode',
    request: () => ({ method: 'PUT', url: '/api/config', payload: { maintenanceMode: false } }),
    expected: admins,
  },
  {
    name: 'read analytics',
    request: () => ({ method: 'GET', url: '/api/admin/analytics/daily' }),
    expected: admins,
  },
  {
    name: 'read the following feed',
    request: () => ({ method: 'GET', url: '/api/posts/paginated?pageType=Following' }),
    expected: signedIn,
  },
  {
    name: 'read suggested people to follow',
    request: () => ({ method: 'GET', url: '/api/users/suggestions' }),
    expected: signedIn,
  },
  {
    name: 'search people',
    request: () => ({ method: 'GET', url: '/api/users/search?q=a' }),
    expected: everyone,
  },
  {
    name: 'read the audit log',
    request: () => ({ method: 'GET', url: '/api/admin/audit-log' }),
    expected: admins,
  },
  {
    name: 'warn a user',
    request: (_o, _id, p) => ({
      method: 'POST',
      url: `/api/moderation/users/${p.owner.userId}/warn`,
      payload: { message: 'تنبيه من فريق الإشراف' },
    }),
    expected: moderators,
  },
  {
    name: "lift a user's suspension",
    request: (_o, _id, p) => ({
      method: 'DELETE',
      url: `/api/moderation/users/${p.owner.userId}/suspension`,
    }),
    expected: admins,
  },
];

function tokenOf(actor: Actor): string | undefined {
  return actor === 'visitor' ? undefined : people[actor].token;
}

describe('access matrix', () => {
  for (const operation of OPERATIONS) {
    it(
      operation.name,
      async () => {
        for (const actor of ACTORS) {
          const objects = await freshObjects();
          const response = await call(
            operation.request(objects, (real) => real, people),
            tokenOf(actor),
          );
          const expected = operation.expected[actor];
          const status =
            response.statusCode === 201 || response.statusCode === 204 ? 200 : response.statusCode;
          expect(status, `${actor}: ${response.body}`).toBe(expected);

          if (operation.hidesExistence && expected === 404) {
            const missing = await call(
              operation.request(objects, () => MISSING, people),
              tokenOf(actor),
            );
            expect(missing.statusCode).toBe(response.statusCode);
            expect(missing.json()).toEqual(response.json());
          }
        }
      },
      120_000,
    );
  }
});

describe('access matrix: the user’s own data', () => {
  it('answers a visitor 401 on the export, the image archive and the deletion of an account', async () => {
    for (const request of [
      { method: 'GET', url: '/api/account/export' },
      { method: 'GET', url: '/api/account/export/images' },
      { method: 'DELETE', url: '/api/account', payload: { password: 'Secret123' } },
    ] as const) {
      const response = await call(request);
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(401);
    }
  });

  it('exports only the caller’s own data, whoever the caller is', async () => {
    for (const actor of ['owner', 'other', 'moderator', 'admin'] as const) {
      const response = await call({ method: 'GET', url: '/api/account/export' }, tokenOf(actor));
      expect(response.statusCode).toBe(200);
      expect(response.json<{ profile: { userId: string } }>().profile.userId).toBe(people[actor].userId);
    }
  });
});

describe('access matrix: blocks, mutes and muted words', () => {
  const signedInActors = ['owner', 'other', 'moderator', 'admin'] as const;

  it('lets every signed-in user block and mute someone else, a visitor nobody, and nobody themselves', async () => {
    const target = await registerUser(t.app);
    for (const action of ['block', 'mute'] as const) {
      const url = `/api/users/${target.userId}/${action}`;
      expect((await call({ method: 'POST', url })).statusCode, `visitor ${action}`).toBe(401);
      expect((await call({ method: 'DELETE', url })).statusCode, `visitor un${action}`).toBe(401);
      for (const actor of signedInActors) {
        expect((await call({ method: 'POST', url }, tokenOf(actor))).statusCode, `${actor} ${action}`).toBe(
          200,
        );
        expect((await call({ method: 'DELETE', url }, tokenOf(actor))).statusCode).toBe(200);
        const self = await call(
          { method: 'POST', url: `/api/users/${people[actor].userId}/${action}` },
          tokenOf(actor),
        );
        expect(self.statusCode, `${actor} ${action}s themselves`).toBe(400);
      }
    }
  });

  it('shows the lists of blocked people, muted people and muted words to their owner only', async () => {
    for (const url of ['/api/users/blocks', '/api/users/mutes', '/api/users/muted-words']) {
      expect((await call({ method: 'GET', url })).statusCode, url).toBe(401);
      for (const actor of signedInActors)
        expect((await call({ method: 'GET', url }, tokenOf(actor))).statusCode, `${actor} ${url}`).toBe(200);
    }
    const word = await ok<{ id: number }>(
      { method: 'POST', url: '/api/users/muted-words', payload: { word: 'كلمة الصلاحيات' } },
      people.owner.token,
    );
    expect(
      (await call({ method: 'POST', url: '/api/users/muted-words', payload: { word: 'كلمة' } })).statusCode,
    ).toBe(401);
    const remove = { method: 'DELETE' as const, url: `/api/users/muted-words/${word.id}` };
    const missing = { method: 'DELETE' as const, url: `/api/users/muted-words/${MISSING}` };
    expect((await call(remove)).statusCode).toBe(401);
    for (const actor of ['other', 'moderator', 'admin'] as const) {
      const refused = await call(remove, tokenOf(actor));
      expect(refused.statusCode, actor).toBe(404);
      expect(refused.json()).toEqual((await call(missing, tokenOf(actor))).json());
    }
    expect((await call(remove, people.owner.token)).statusCode).toBe(200);
  });
});

describe('access matrix: across a block', () => {
  /** Who acts on the other's content: the blocked on the blocker's, or the blocker on the blocked's. */
  type Side = 'blocked' | 'blocker';
  const SIDES: Side[] = ['blocked', 'blocker'];

  /** The other side's signed content, made fresh for each cell: a post of each voting type and a comment. */
  interface Signed {
    author: TestUser;
    likePostId: number;
    ratingPostId: number;
    pollPostId: number;
    /** On a post of someone outside the block, so that only the comment's author stands across it. */
    commentId: number;
    commentPostId: number;
  }

  interface BlockOperation {
    name: string;
    request: (target: Signed, actor: TestUser) => InjectOptions;
    expected: Record<Side, number>;
  }

  const refused = { blocked: 403, blocker: 403 };
  const allowed = { blocked: 200, blocker: 200 };
  const vote = (postId: number, value: number): InjectOptions => ({
    method: 'POST',
    url: '/api/votes',
    payload: { postId, value },
  });

  const BLOCK_OPERATIONS: BlockOperation[] = [
    {
      name: 'follow the other',
      request: (target, actor) => ({
        method: 'POST',
        url: '/api/users/follow',
        payload: { followerId: actor.userId, followedId: target.author.userId },
      }),
      expected: refused,
    },
    {
      name: "comment on the other's signed post",
      request: (target) => ({
        method: 'POST',
        url: '/api/comments',
        payload: { postId: target.likePostId, content: 'تعليق عبر الحظر' },
      }),
      expected: refused,
    },
    {
      name: "reply to the other's signed comment",
      request: (target) => ({
        method: 'POST',
        url: '/api/comments',
        payload: { postId: target.commentPostId, parentId: target.commentId, content: 'رد عبر الحظر' },
      }),
      expected: refused,
    },
    {
      name: "like the other's signed post",
      request: (target) => vote(target.likePostId, 1),
      expected: refused,
    },
    {
      name: "rate the other's signed post",
      request: (target) => vote(target.ratingPostId, 5),
      expected: refused,
    },
    {
      name: "vote in the other's signed poll",
      request: (target) => vote(target.pollPostId, 0),
      expected: refused,
    },
    {
      // Only the blocked may not name the blocker; whoever the blocker names across the block is not told.
      name: 'mention the other in a signed post',
      request: (target) => ({
        method: 'POST',
        url: '/api/posts',
        payload: { content: `سؤال إلى @${target.author.username}` },
      }),
      expected: { blocked: 403, blocker: 200 },
    },
    {
      name: 'mention the other in a signed comment',
      request: (target) => ({
        method: 'POST',
        url: '/api/comments',
        payload: { postId: target.commentPostId, content: `سؤال إلى @${target.author.username}` },
      }),
      expected: { blocked: 403, blocker: 200 },
    },
    {
      name: 'mention the other in an anonymous post',
      request: (target) => ({
        method: 'POST',
        url: '/api/posts',
        payload: { content: `سؤال مجهول إلى @${target.author.username}`, isAnonymous: true },
      }),
      expected: allowed,
    },
    {
      name: "report the other's signed post",
      request: (target) => ({
        method: 'POST',
        url: '/api/reports',
        payload: { PostId: target.likePostId, Reason: 1 },
      }),
      expected: allowed,
    },
    {
      name: "report the other's signed comment",
      request: (target) => ({
        method: 'POST',
        url: '/api/reports',
        payload: { CommentId: target.commentId, Reason: 3 },
      }),
      expected: allowed,
    },
  ];

  let blocker: TestUser;
  let blocked: TestUser;

  beforeAll(async () => {
    blocker = await registerUser(t.app);
    blocked = await registerUser(t.app);
    await ok({ method: 'POST', url: `/api/users/${blocked.userId}/block` }, blocker.token);
  }, 60_000);

  async function signedContent(author: TestUser): Promise<Signed> {
    const publish = (payload: Record<string, unknown>) =>
      ok<{ id: number }>({ method: 'POST', url: '/api/posts', payload }, author.token);
    const like = await publish({ content: 'منشور موقع عبر الحظر' });
    const rating = await publish({ content: 'منشور تقييم عبر الحظر', votingType: 'rating' });
    const poll = await publish({
      content: 'استطلاع عبر الحظر',
      votingType: 'poll',
      pollOptions: JSON.stringify(['نعم', 'لا']),
    });
    const outside = await ok<{ id: number }>(
      { method: 'POST', url: '/api/posts', payload: { content: 'منشور شخص خارج الحظر' } },
      people.owner.token,
    );
    const comment = await ok<{ id: number }>(
      { method: 'POST', url: '/api/comments', payload: { postId: outside.id, content: 'تعليق موقع' } },
      author.token,
    );
    return {
      author,
      likePostId: like.id,
      ratingPostId: rating.id,
      pollPostId: poll.id,
      commentId: comment.id,
      commentPostId: outside.id,
    };
  }

  for (const operation of BLOCK_OPERATIONS) {
    it(
      operation.name,
      async () => {
        for (const side of SIDES) {
          const [actor, target] = side === 'blocked' ? [blocked, blocker] : [blocker, blocked];
          const response = await call(operation.request(await signedContent(target), actor), actor.token);
          const status =
            response.statusCode === 201 || response.statusCode === 204 ? 200 : response.statusCode;
          expect(status, `${side}: ${response.body}`).toBe(operation.expected[side]);
        }
      },
      120_000,
    );
  }
});

describe('access matrix: the one-click unsubscribe', () => {
  const digestOf = async (user: TestUser) =>
    (
      (await t.database.db.execute(
        sql`select digest_frequency from users where id = ${user.userId}::uuid`,
      )) as { rows: { digest_frequency: string }[] }
    ).rows[0]?.digest_frequency;
  const setDigest = (user: TestUser, frequency: string) =>
    t.database.db.execute(
      sql`update users set digest_frequency = ${frequency} where id = ${user.userId}::uuid`,
    );

  it('takes whoever holds the signed link off its own list only, signed in or not, and nobody without it', async () => {
    const url = (token: string) => `/api/email/unsubscribe?token=${encodeURIComponent(token)}`;
    for (const actor of ACTORS) {
      await setDigest(people.owner, 'daily');
      await setDigest(people.other, 'weekly');
      const forged = `${people.owner.userId}.digest.${'A'.repeat(43)}`;
      const refused = await call({ method: 'POST', url: url(forged) }, tokenOf(actor));
      expect(refused.statusCode, `${actor} with a forged link`).toBe(400);
      expect(await digestOf(people.owner)).toBe('daily');

      const token = t.app.ctx.unsubscribe.issue(people.owner.userId, 'digest');
      const answer = await call({ method: 'POST', url: url(token) }, tokenOf(actor));
      expect(answer.statusCode, `${actor} with the owner's link`).toBe(200);
      expect(await digestOf(people.owner)).toBe('off');
      expect(await digestOf(people.other)).toBe('weekly');
    }
  });
});
