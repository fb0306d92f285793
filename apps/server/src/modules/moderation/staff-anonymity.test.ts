import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comment } from '@ray/shared/schemas/comment';
import type { Post } from '@ray/shared/schemas/post';
import type { CreateReportResult, ReportDetail } from '@ray/shared/schemas/report';
import { users } from '../../db/schema';
import { registerWithRole } from '../../test/roles';
import { bearer, createTestApp, registerUser, type TestApp, type TestUser } from '../../test/test-app';

/**
 * Anonymity holds toward staff too: every answer a moderator or an admin gets from a moderation or admin call,
 * and from the ordinary reads they make while moderating, is scanned for anything that names the author of
 * anonymous content: id, username, first and last name, e-mail and avatar.
 */

let t: TestApp;
let author: TestUser;
let needles: Record<string, string>;
let moderator: TestUser;
/** A moderator who reported the anonymous post themselves. */
let reportingModerator: TestUser;
let admin: TestUser;
let reporter: TestUser;

const tag = randomBytes(3).toString('hex');

beforeAll(async () => {
  t = await createTestApp();
  const firstName = `غيداء${tag}`;
  const lastName = `الزهراني${tag}`;
  author = await registerUser(t.app, { firstName, lastName, username: `ghaida${tag}` });
  const avatarUrl = `/uploads/original/avatar-${tag}.webp`;
  await t.database.db.update(users).set({ avatarUrl }).where(eq(users.id, author.userId));
  needles = {
    id: author.userId,
    username: author.username,
    firstName,
    lastName,
    email: author.email,
    avatar: `avatar-${tag}`,
    avatarUrl,
  };
  moderator = await registerWithRole(t, 'moderator');
  reportingModerator = await registerWithRole(t, 'moderator');
  admin = await registerWithRole(t, 'admin');
  reporter = await registerUser(t.app);
});
afterAll(async () => {
  await t.close();
});

async function call(user: TestUser | null, options: InjectOptions) {
  return t.app.inject({ ...options, headers: user ? bearer(user.token) : {} });
}

async function created<T>(user: TestUser, url: string, payload: Record<string, unknown>): Promise<T> {
  const response = await call(user, { method: 'POST', url, payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json<T>();
}

describe('anonymous authors toward staff', () => {
  it('no moderation or admin answer, to a moderator, a reporting moderator or an admin, names the author', async () => {
    const staffPost = await created<Post>(moderator, '/api/posts', { content: `منشور مشرف عن #سرية${tag}` });
    const anonymousPost = await created<Post>(author, '/api/posts', {
      content: `رأي مجهول مخالف عن #سرية${tag}`,
      isAnonymous: true,
    });
    const secondPost = await created<Post>(author, '/api/posts', {
      content: `رأي مجهول آخر عن #سرية${tag}`,
      isAnonymous: true,
      votingType: 'poll',
      pollOptions: JSON.stringify(['نعم', 'لا']),
    });
    const anonymousComment = await created<Comment>(author, '/api/comments', {
      postId: staffPost.id,
      content: 'تعليق مجهول مسيء',
      isAnonymous: true,
    });

    const fromModerator = await created<CreateReportResult>(reportingModerator, '/api/reports', {
      PostId: anonymousPost.id,
      Reason: 'HateSpeech',
    });
    const onSecond = await created<CreateReportResult>(reporter, '/api/reports', {
      PostId: secondPost.id,
      Reason: 'Spam',
    });
    const onComment = await created<CreateReportResult>(reporter, '/api/reports', {
      CommentId: anonymousComment.id,
      Reason: 'Harassment',
    });
    const reportIds = [fromModerator.report.id, onSecond.report.id, onComment.report.id];

    const answers: { who: string; request: string; status: number; body: string }[] = [];
    const ask = async (who: string, user: TestUser, options: InjectOptions & { url: string }) => {
      const response = await call(user, options);
      answers.push({
        who,
        request: `${options.method ?? 'GET'} ${options.url}`,
        status: response.statusCode,
        body: response.body,
      });
      return response;
    };

    const staff = { moderator, reportingModerator, admin };
    const handles = new Set<string>();
    for (const [who, user] of Object.entries(staff)) {
      for (const url of [
        '/api/reports',
        '/api/reports?pageSize=50',
        ...[1, 2, 3, 4, 5].map((status) => `/api/reports?status=${status}`),
        '/api/reports/stats',
        '/api/reports/my-reports',
        ...reportIds.map((id) => `/api/reports/${id}`),
        `/api/posts/${anonymousPost.id}`,
        `/api/posts/${secondPost.id}`,
        `/api/posts/${staffPost.id}`,
        `/api/comments?postId=${staffPost.id}`,
        `/api/comments?postId=${anonymousPost.id}`,
        '/api/posts/paginated?pageSize=50',
        `/api/posts/paginated?userId=${author.userId}`,
        `/api/posts/search?query=${encodeURIComponent(`سرية${tag}`)}`,
        `/api/hashtags/${encodeURIComponent(`سرية${tag}`)}/posts`,
        '/api/posts/trending/paginated?days=1',
        '/api/notifications/user?limit=50',
      ]) {
        const response = await ask(who, user, { method: 'GET', url });
        if (/^\/api\/reports\/\d+$/.test(url) && response.statusCode === 200) {
          const handle = response.json<ReportDetail>().authorHandle;
          if (handle) handles.add(handle);
        }
      }
    }

    // Acting on the content and on its hidden author, through the item's handle.
    await ask('moderator', moderator, {
      method: 'PUT',
      url: `/api/reports/${onSecond.report.id}/process`,
      payload: { status: 2, note: 'قيد المراجعة' },
    });
    await ask('admin', admin, {
      method: 'PUT',
      url: `/api/reports/${onComment.report.id}/process`,
      payload: { status: 3 },
    });
    const until = new Date(Date.now() + 3 * 24 * 3600_000).toISOString();
    for (const handle of handles) {
      await ask('moderator', moderator, {
        method: 'POST',
        url: `/api/moderation/authors/${handle}/warn`,
        payload: { message: 'يرجى الالتزام بقواعد المجتمع' },
      });
      await ask('reportingModerator', reportingModerator, {
        method: 'POST',
        url: `/api/moderation/authors/${handle}/suspension`,
        payload: { until },
      });
      await ask('admin', admin, { method: 'DELETE', url: `/api/moderation/authors/${handle}/suspension` });
    }
    for (const url of [
      '/api/admin/audit-log',
      '/api/admin/audit-log?pageSize=50',
      '/api/admin/ads',
      '/api/admin/analytics/daily',
      '/api/admin/contact-messages',
    ]) {
      await ask('admin', admin, { method: 'GET', url });
    }

    const leaks = answers.flatMap((answer) =>
      Object.entries(needles)
        .filter(([, needle]) => answer.body.toLowerCase().includes(needle.toLowerCase()))
        .map(([field]) => `${answer.who}: ${answer.request} carries the author's ${field}`),
    );
    expect(leaks).toEqual([]);

    // The scan read real answers: the calls succeeded and handles were handed out for the anonymous items.
    const failed = answers.filter((answer) => answer.status !== 200);
    expect(failed.map((answer) => `${answer.who}: ${answer.request} → ${answer.status}`)).toEqual([]);
    expect(handles.size).toBe(3);
    expect(answers.length).toBeGreaterThan(80);
  });
});
