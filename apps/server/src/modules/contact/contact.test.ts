import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse } from '@ray/shared/errors';
import { msg } from '@ray/shared/messages.ar';
import { serverMsg } from '@ray/shared/server-messages.ar';
import type { Paged } from '@ray/shared/schemas/common';
import type { ContactMessage, ContactSent } from '@ray/shared/schemas/contact';
import { contactMessages, users } from '../../db/schema';
import { registerWithRole } from '../../test/roles';
import { mailText, startMailCatcher, type MailCatcher } from '../../test/mail-catcher';
import {
  addressesIn,
  bearer,
  createTestApp,
  registerUser,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { unusedPort } from '../../test/ports';

const SUPPORT = 'help-desk@ray.test';
let catcher: MailCatcher;
let t: TestApp;
let user: TestUser;
let other: TestUser;
let moderator: TestUser;
let admin: TestUser;

beforeAll(async () => {
  catcher = await startMailCatcher();
  t = await createTestApp({ SMTP_URL: catcher.url, SUPPORT_EMAIL: SUPPORT });
  user = await registerUser(t.app, { firstName: 'نورة', lastName: 'القحطاني' });
  other = await registerUser(t.app);
  moderator = await registerWithRole(t, 'moderator');
  admin = await registerWithRole(t, 'admin');
});

afterAll(async () => {
  await t.close();
  await catcher.close();
});

/** Each test that counts failures gets its own client address. */
const newAddress = addressesIn('10.7');

const valid = {
  name: 'سارة العتيبي',
  email: 'sara.visitor@example.com',
  subject: 'مشكلة في رفع الصور',
  message: 'عند رفع صورة بصيغة PNG تظهر رسالة خطأ، هل من حل؟',
  category: 'technical',
};

function send(
  payload: unknown,
  options: { user?: TestUser; address?: string; app?: TestApp; contentType?: string } = {},
) {
  const headers: Record<string, string> = options.user ? bearer(options.user.token) : {};
  if (options.contentType) headers['content-type'] = options.contentType;
  return (options.app ?? t).app.inject({
    method: 'POST',
    url: '/api/contact',
    headers,
    payload: payload as string,
    remoteAddress: options.address ?? newAddress(),
  });
}

async function storedBySubject(subject: string) {
  return t.database.db.select().from(contactMessages).where(eq(contactMessages.subject, subject));
}

async function storedCount(): Promise<number> {
  const [row] = await t.database.db.select({ count: sql<number>`count(*)::int` }).from(contactMessages);
  return row?.count ?? 0;
}

const asAdmin = (path: string, method: 'GET' | 'POST' = 'GET', who: TestUser | null = admin) =>
  t.app.inject({ method, url: `/api/admin/contact-messages${path}`, headers: who ? bearer(who.token) : {} });

describe('sending a message', () => {
  it("stores a visitor's message, trimmed and unread, with no user, and answers 201 in Arabic", async () => {
    const subject = 'سؤال من زائر عن الحساب';
    const response = await send({
      ...valid,
      name: '  سارة العتيبي ',
      email: ' Sara.Visitor@Example.COM ',
      subject: `  ${subject} `,
      category: 'account',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<ContactSent>()).toEqual({ success: true, message: msg.contactSent });

    const [row] = await storedBySubject(subject);
    expect(row).toMatchObject({
      userId: null,
      name: 'سارة العتيبي',
      email: 'sara.visitor@example.com',
      subject,
      message: valid.message,
      category: 'account',
      isRead: false,
    });
  });

  it('takes the sender from the access token and ignores a userId in the body', async () => {
    const subject = 'رسالة من مستخدم مسجل';
    const response = await send({ ...valid, subject, email: user.email, userId: other.userId }, { user });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await storedBySubject(subject);
    expect(row?.userId).toBe(user.userId);
  });

  it("ignores a visitor's userId in the body: the message stays anonymous", async () => {
    const subject = 'زائر يدعي أنه مستخدم';
    const response = await send({ ...valid, subject, userId: user.userId });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await storedBySubject(subject);
    expect(row?.userId).toBeNull();
  });

  it('keeps the message of an account deleted while its token is still honoured, as a visitor’s', async () => {
    const leaving = await registerUser(t.app);
    expect((await send({ ...valid, subject: 'قبل حذف الحساب' }, { user: leaving })).statusCode).toBe(201);
    await t.database.db.delete(users).where(eq(users.id, leaving.userId));
    const subject = 'بعد حذف الحساب مباشرة';
    const response = await send({ ...valid, subject }, { user: leaving });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await storedBySubject(subject);
    expect(row?.userId).toBeNull();
  });

  it('answers a forged access token with 401 and stores nothing', async () => {
    const before = await storedCount();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { authorization: 'Bearer not.a.token' },
      payload: valid,
      remoteAddress: newAddress(),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json<ErrorResponse>().code).toBe('UNAUTHORIZED');
    expect(await storedCount()).toBe(before);
  });

  it('e-mails the message to the support address, answered to the sender', async () => {
    const subject = 'وضع ليلي للتطبيق';
    const response = await send(
      {
        ...valid,
        subject,
        category: 'suggestion',
        email: user.email,
        message: 'أقترح إضافة وضع ليلي يريح العين عند القراءة في الليل.',
      },
      { user },
    );
    expect(response.statusCode, response.body).toBe(201);

    const { text, headers } = await waitForMail(SUPPORT, `[رأي] اقتراح: ${subject}`);
    expect(text).toContain('أقترح إضافة وضع ليلي يريح العين عند القراءة في الليل.');
    expect(text).toContain(valid.name);
    expect(text).toContain(user.email);
    expect(text).toContain(user.userId);
    expect(headers('Reply-To')).toContain(user.email);
    // The sender gets only the confirmation link of their sign-up, never a copy of the message.
    const toSender = catcher.mails.filter((received) => received.to === user.email);
    expect(
      toSender.every((received) => mailText(received.raw).subject === 'تأكيد بريدك الإلكتروني في رأي'),
    ).toBe(true);
  });

  it('keeps a subject on one line in the mail, whatever line breaks it was sent with', async () => {
    const response = await send({ ...valid, subject: 'سطر أول\r\nBcc: victim@example.com' });
    expect(response.statusCode, response.body).toBe(201);
    const { text } = await waitForMail(SUPPORT, '[رأي] مشكلة تقنية: سطر أول Bcc: victim@example.com');
    expect(text).toContain('الموضوع: سطر أول');
    expect(catcher.mails.some((received) => received.to === 'victim@example.com')).toBe(false);
  });

  it('keeps the message when the mail server is down, and still answers 201', async () => {
    const deadPort = await unusedPort();
    const down = await createTestApp(
      { SMTP_URL: `smtp://127.0.0.1:${deadPort}`, SUPPORT_EMAIL: SUPPORT },
      { sameDatabaseAs: t },
    );
    try {
      const subject = 'رسالة وخادم البريد متوقف';
      const response = await send({ ...valid, subject }, { app: down });
      expect(response.statusCode, response.body).toBe(201);
      expect(await storedBySubject(subject)).toHaveLength(1);
    } finally {
      await down.close();
    }
  });
});

describe('validation', () => {
  const cases: { name: string; payload: unknown; errors: Record<string, string[]> }[] = [
    {
      name: 'an empty body',
      payload: {},
      errors: {
        name: [msg.contactNameRequired],
        email: [msg.emailRequired],
        subject: [msg.contactSubjectRequired],
        message: [msg.contactMessageRequired],
        category: [msg.contactCategoryRequired],
      },
    },
    {
      name: 'a missing name',
      payload: { ...valid, name: undefined },
      errors: { name: [msg.contactNameRequired] },
    },
    {
      name: 'a blank name',
      payload: { ...valid, name: '   ' },
      errors: { name: [msg.contactNameRequired, msg.contactNameMin] },
    },
    { name: 'a one-letter name', payload: { ...valid, name: 'س' }, errors: { name: [msg.contactNameMin] } },
    {
      name: 'a 101-character name',
      payload: { ...valid, name: 'س'.repeat(101) },
      errors: { name: [msg.contactNameTooLong] },
    },
    { name: 'a missing e-mail', payload: { ...valid, email: '' }, errors: { email: [msg.emailRequired] } },
    {
      name: 'an invalid e-mail',
      payload: { ...valid, email: 'sara@example' },
      errors: { email: [msg.emailInvalid] },
    },
    {
      name: 'a 4-character subject',
      payload: { ...valid, subject: 'سؤال' },
      errors: { subject: [msg.contactSubjectMin] },
    },
    {
      name: 'a 201-character subject',
      payload: { ...valid, subject: 'س'.repeat(201) },
      errors: { subject: [msg.contactSubjectTooLong] },
    },
    {
      name: 'a 9-character message',
      payload: { ...valid, message: 'مرحباً بك' },
      errors: { message: [msg.contactMessageMin] },
    },
    {
      name: 'a 5001-character message',
      payload: { ...valid, message: 'ر'.repeat(5001) },
      errors: { message: [msg.contactMessageTooLong] },
    },
    {
      name: 'a missing category',
      payload: { ...valid, category: undefined },
      errors: { category: [msg.contactCategoryRequired] },
    },
    {
      name: 'an unknown category',
      payload: { ...valid, category: 'billing' },
      errors: { category: [msg.contactCategoryRequired] },
    },
    {
      name: 'fields of the wrong type',
      payload: { ...valid, name: 7, category: 3 },
      errors: { name: [msg.contactNameRequired], category: [msg.contactCategoryRequired] },
    },
  ];

  it.each(cases)('refuses $name with 400 and the Arabic field messages, storing nothing', async (item) => {
    const before = await storedCount();
    const response = await send(item.payload);
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json<ErrorResponse>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors).toEqual(item.errors);
    expect(Object.values(item.errors).flat()).toContain(body.message);
    expect(await storedCount()).toBe(before);
  });

  it('refuses a NUL character, which PostgreSQL cannot store, with 400 in Arabic, storing nothing', async () => {
    const before = await storedCount();
    const response = await send({ ...valid, message: 'رسالة فيها \u0000 محرف لا يُخزَّن' });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<ErrorResponse>().message).toMatch(/[\u0600-\u06FF]/);
    expect(await storedCount()).toBe(before);
  });

  it.each([
    ['a JSON array', '[1, 2]', msg.invalidData],
    ['a JSON string', '"مرحبا"', msg.invalidData],
    ['JSON null', 'null', msg.invalidData],
    ['broken JSON', '{"name": "سارة",', serverMsg.badJson],
  ])('answers %s with 400 in Arabic, never 500', async (_label, raw, message) => {
    const response = await send(raw, { contentType: 'application/json' });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<ErrorResponse>().message).toBe(message);
  });

  it('answers a body over 100 KB with 413 in Arabic', async () => {
    const response = await send({ ...valid, message: 'ر'.repeat(60_000) });
    expect(response.statusCode).toBe(413);
    expect(response.json<ErrorResponse>().message).toBe(msg.payloadTooLarge);
  });
});

describe('rate limit', () => {
  it('accepts 5 messages an hour from one address, then answers 429 in Arabic with Retry-After', async () => {
    const address = newAddress();
    // Refused messages are not stored, so they do not count.
    for (let i = 0; i < 3; i++)
      expect((await send({ ...valid, name: 'س' }, { address })).statusCode).toBe(400);
    for (let i = 1; i <= 5; i++) {
      const response = await send({ ...valid, subject: `رسالة رقم ${i} من نفس العنوان` }, { address });
      expect(response.statusCode, `message ${i}`).toBe(201);
    }
    const before = await storedCount();
    const sixth = await send({ ...valid, subject: 'الرسالة السادسة خلال ساعة' }, { address, user });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json<ErrorResponse>()).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: serverMsg.contactTooMany,
    });
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await storedCount()).toBe(before);

    expect((await send(valid, { address: newAddress() })).statusCode).toBe(201);
  });

  it('stores exactly 5 of 12 messages sent at once from one address', async () => {
    const address = newAddress();
    const before = await storedCount();
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        send({ ...valid, subject: `رسالة متزامنة رقم ${i + 1}` }, { address }),
      ),
    );
    const statuses = burst.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(5).fill(201), ...Array<number>(7).fill(429)]);
    expect(await storedCount()).toBe(before + 5);
  });
});

describe('admin inbox', () => {
  it.each([
    ['GET', ''],
    ['GET', '?pageSize=abc'],
    ['POST', '/1/read'],
    ['POST', '/abc/read'],
  ] as const)(
    'answers %s %s with 401 to a visitor, and 403 to a user and a moderator',
    async (method, path) => {
      const anonymous = await asAdmin(path, method, null);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json<ErrorResponse>()).toMatchObject({
        code: 'UNAUTHORIZED',
        message: msg.unauthorized,
      });
      for (const who of [user, moderator]) {
        const forbidden = await asAdmin(path, method, who);
        expect(forbidden.statusCode).toBe(403);
        expect(forbidden.json<ErrorResponse>()).toMatchObject({ code: 'FORBIDDEN', message: msg.forbidden });
      }
    },
  );

  it('lists every message newest first, page by page with the cursor', async () => {
    for (let i = 1; i <= 3; i++)
      expect((await send({ ...valid, subject: `رسالة للصفحات ${i}` })).statusCode).toBe(201);
    const total = await storedCount();

    const seen: ContactMessage[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 50; pages++) {
      const response = await asAdmin(`?pageSize=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<Paged<ContactMessage>>();
      expect(page.items.length).toBeLessThanOrEqual(2);
      expect(page.pagination.totalCount).toBe(total);
      seen.push(...page.items);
      cursor = page.pagination.nextCursor;
      expect(cursor !== null).toBe(page.pagination.hasNextPage);
      if (!cursor) break;
    }
    expect(seen).toHaveLength(total);
    const ids = seen.map((item) => item.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(ids.length);
    expect(seen.slice(0, 3).map((item) => item.subject)).toEqual([
      'رسالة للصفحات 3',
      'رسالة للصفحات 2',
      'رسالة للصفحات 1',
    ]);
    expect(seen[0]).toMatchObject({
      name: valid.name,
      email: valid.email,
      message: valid.message,
      category: 'technical',
      userId: null,
      isRead: false,
    });
    expect(Number.isNaN(Date.parse(seen[0]!.createdAt))).toBe(false);
  });

  it('shows the signed-in sender of a message to the admins', async () => {
    const subject = 'رسالة يراها المشرف العام';
    expect((await send({ ...valid, subject }, { user })).statusCode).toBe(201);
    const page = (await asAdmin('?pageSize=50')).json<Paged<ContactMessage>>();
    expect(page.items.find((item) => item.subject === subject)?.userId).toBe(user.userId);
  });

  it('marks a message read, idempotently, and leaves it out of the unread filter', async () => {
    const subject = 'رسالة ستُقرأ الآن';
    expect((await send({ ...valid, subject })).statusCode).toBe(201);
    const [row] = await storedBySubject(subject);

    const unreadBefore = (await asAdmin('?unread=true&pageSize=50')).json<Paged<ContactMessage>>();
    expect(unreadBefore.items.map((item) => item.id)).toContain(row!.id);

    const marked = await asAdmin(`/${row!.id}/read`, 'POST');
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json<ContactMessage>()).toMatchObject({ id: row!.id, subject, isRead: true });
    const again = await asAdmin(`/${row!.id}/read`, 'POST');
    expect(again.statusCode).toBe(200);
    expect(again.json<ContactMessage>().isRead).toBe(true);

    const unreadAfter = (await asAdmin('?unread=true&pageSize=50')).json<Paged<ContactMessage>>();
    expect(unreadAfter.items.map((item) => item.id)).not.toContain(row!.id);
    expect(unreadAfter.items.every((item) => !item.isRead)).toBe(true);
    expect(unreadAfter.pagination.totalCount).toBe(unreadBefore.pagination.totalCount - 1);
    const all = (await asAdmin('?pageSize=50')).json<Paged<ContactMessage>>();
    expect(all.items.find((item) => item.id === row!.id)?.isRead).toBe(true);
  });

  it('answers an unknown message with 404 and a malformed id, cursor or filter with 400, in Arabic', async () => {
    const missing = await asAdmin('/999999999/read', 'POST');
    expect(missing.statusCode).toBe(404);
    expect(missing.json<ErrorResponse>()).toMatchObject({
      code: 'NOT_FOUND',
      message: serverMsg.contactMessageNotFound,
    });
    for (const path of ['/abc/read', '/0/read', '/-3/read', '/99999999999999999999/read']) {
      const response = await asAdmin(path, 'POST');
      expect(response.statusCode, path).toBe(400);
      expect(response.json<ErrorResponse>().message).toBe(msg.invalidValue);
    }
    for (const query of ['?cursor=bm9wZQ', '?cursor=!!', '?unread=maybe', '?pageSize=0', '?page=999']) {
      const response = await asAdmin(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<ErrorResponse>().message).toBe(msg.invalidValue);
    }
  });
});

describe('API documentation', () => {
  it('describes the contact call and the admin inbox', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const { paths } = response.json<{ paths: Record<string, Record<string, unknown>> }>();
    expect(Object.keys(paths['/api/contact/'] ?? paths['/api/contact'] ?? {})).toContain('post');
    expect(
      Object.keys(paths['/api/admin/contact-messages/'] ?? paths['/api/admin/contact-messages'] ?? {}),
    ).toContain('get');
    expect(Object.keys(paths['/api/admin/contact-messages/{id}/read'] ?? {})).toContain('post');
  });
});

/** The first captured mail to `to` whose subject is `subject`; mails of earlier tests may still be arriving. */
async function waitForMail(to: string, subject: string): Promise<ReturnType<typeof mailText>> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = catcher.mails
      .filter((mail) => mail.to === to)
      .map((mail) => mailText(mail.raw))
      .find((mail) => mail.subject === subject);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} with the subject ${subject}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
