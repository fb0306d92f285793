import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@ray/shared/messages.ar';
import { serverMsg } from '@ray/shared/server-messages.ar';
import { emailVerificationTokens, users } from '../../db/schema';
import { mailText, startMailCatcher, type MailCatcher } from '../../test/mail-catcher';
import { addressesIn, bearer, createTestApp, registerUser, type TestApp } from '../../test/test-app';

interface ErrorBody {
  success: false;
  code: string;
  message: string;
  errors?: Record<string, string[]>;
}

interface Profile {
  userId: string;
  email: string | null;
  emailVerified: boolean;
  role: string;
}

const VERIFY_SUBJECT = 'تأكيد بريدك الإلكتروني في رأي';
const ADMIN = 'chief.editor@example.com';
const DEPUTY = 'deputy.editor@example.com';

let catcher: MailCatcher;
let t: TestApp;

beforeAll(async () => {
  catcher = await startMailCatcher();
  t = await createTestApp({
    SMTP_URL: catcher.url,
    ADMIN_EMAILS: `Other@Example.com, ${ADMIN.toUpperCase()}, ${DEPUTY}`,
  });
});

afterAll(async () => {
  await t.close();
  await catcher.close();
});

const newAddress = addressesIn('127.31');

const post = (path: string, payload: object | string | undefined, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/account/${path}`,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload }),
  });
const verify = (token: unknown) => post('verify-email', { token });
const me = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) })).json<Profile>();
const login = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/login',
    payload: { username: email, password },
    remoteAddress: newAddress(),
  });

/** The confirmation mails that reached the SMTP server for `to`, oldest first. */
function verificationMails(to: string) {
  return catcher.mails
    .filter((mail) => mail.to === to)
    .map((mail) => mailText(mail.raw))
    .filter((mail) => mail.subject === VERIFY_SUBJECT);
}

/** Waits for confirmation mail number `count` to `to` and reads the token out of its link. */
async function verificationLink(to: string, count = 1): Promise<{ token: string; url: URL; text: string }> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = verificationMails(to)[count - 1];
    if (mail) {
      const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
      if (!link) throw new Error(`no link in the mail: ${mail.text}`);
      const url = new URL(link);
      return { token: url.searchParams.get('token') ?? '', url, text: mail.text };
    }
    if (Date.now() > deadline) throw new Error(`no confirmation mail number ${count} to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the confirmation link', () => {
  it('is mailed at registration, confirms the address once, and shows in the profile', async () => {
    const user = await registerUser(t.app);
    expect(await me(user.token)).toMatchObject({ email: user.email, emailVerified: false });

    const link = await verificationLink(user.email);
    expect(`${link.url.origin}${link.url.pathname}`).toBe(`${t.env.PUBLIC_URL}/verify-email`);
    expect(link.token.length).toBeGreaterThanOrEqual(43);
    expect(link.text).toContain('خلال يومين');
    const stored = await t.database.db
      .select()
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.userId, user.userId));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toBe(link.token);
    expect(stored[0]!.email).toBe(user.email);
    const hours = (stored[0]!.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47);
    expect(hours).toBeLessThanOrEqual(48);

    const first = await verify(link.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, message: msg.verifyEmailSuccess, userId: user.userId });
    expect(await me(user.token)).toMatchObject({ emailVerified: true });

    const again = await verify(link.token);
    expect(again.statusCode).toBe(400);
    expect(again.json<ErrorBody>()).toEqual({
      success: false,
      code: 'VERIFY_LINK_INVALID',
      message: msg.verifyLinkInvalid,
    });
  });

  it('refuses an expired link with the Arabic message, and leaves the address unconfirmed', async () => {
    const user = await registerUser(t.app);
    const link = await verificationLink(user.email);
    await t.database.db
      .update(emailVerificationTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailVerificationTokens.userId, user.userId));
    const response = await verify(link.token);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().message).toBe(msg.verifyLinkInvalid);
    expect(await me(user.token)).toMatchObject({ emailVerified: false });
  });

  it.each([
    ['an unknown token', 'x'.repeat(43)],
    ['an empty token', ''],
    ['a token of 201 characters', 'a'.repeat(201)],
    ['a number', 12345],
    ['no token at all', undefined],
  ])('answers %s with 400 in Arabic', async (_name, token) => {
    const response = await post('verify-email', token === undefined ? {} : { token });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().message).toBe(msg.verifyLinkInvalid);
  });

  it('keeps only the newest link working', async () => {
    const user = await registerUser(t.app);
    const older = await verificationLink(user.email);
    expect((await post('verify-email/resend', undefined, user.token)).statusCode).toBe(200);
    const newer = await verificationLink(user.email, 2);
    expect(newer.token).not.toBe(older.token);
    expect((await verify(older.token)).statusCode).toBe(400);
    expect((await verify(newer.token)).statusCode).toBe(200);
  });
});

describe('ADMIN_EMAILS', () => {
  it('grants the role only once the listed address is confirmed, and keeps it at sign-in', async () => {
    const chief = await registerUser(t.app, { email: ADMIN });
    const registered = await me(chief.token);
    expect(registered).toMatchObject({ role: 'user', emailVerified: false });
    // Signing in again before confirming grants nothing either.
    const early = await login(ADMIN, chief.password);
    expect(early.json<{ user: Profile }>().user.role).toBe('user');

    const link = await verificationLink(ADMIN);
    expect((await verify(link.token)).statusCode).toBe(200);
    const [row] = await t.database.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.id, chief.userId));
    expect(row?.role).toBe('admin');

    const signedIn = await login(ADMIN, chief.password);
    expect(signedIn.json<{ user: Profile }>().user).toMatchObject({ role: 'admin', emailVerified: true });
    const token = signedIn.json<{ token: string }>().token;
    const config = await t.app.inject({
      method: 'PUT',
      url: '/api/config',
      headers: bearer(token),
      payload: { maintenanceMode: false },
    });
    expect(config.statusCode).toBe(200);
  });

  it('grants the role at sign-in to a confirmed listed address that is not an admin yet', async () => {
    const other = await registerUser(t.app, { email: 'other@example.com' });
    await t.database.db
      .update(users)
      .set({ emailVerifiedAt: sql`now()` })
      .where(eq(users.id, other.userId));
    const signedIn = await login('other@example.com', other.password);
    expect(signedIn.json<{ user: Profile }>().user.role).toBe('admin');
  });
});

describe('sending the link again', () => {
  it('answers with the Arabic message and mails a new link', async () => {
    const user = await registerUser(t.app);
    await verificationLink(user.email);
    const response = await post('verify-email/resend', undefined, user.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: msg.verifyEmailSent });
    await verificationLink(user.email, 2);
  });

  it('refuses the 4th request of one user within an hour with 429 in Arabic', async () => {
    const user = await registerUser(t.app);
    for (let i = 1; i <= 3; i++)
      expect((await post('verify-email/resend', undefined, user.token)).statusCode, `request ${i}`).toBe(200);
    const fourth = await post('verify-email/resend', undefined, user.token);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json<ErrorBody>()).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: serverMsg.verifyTooMany,
    });
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits one address however many accounts ask for it', async () => {
    const email = 'shared.inbox@example.com';
    let holder = await registerUser(t.app, { email });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await post('verify-email/resend', undefined, holder.token)).statusCode);
      // The address passes to another account, which asks for a link in its turn.
      const next = await registerUser(t.app);
      await post(
        'change-email',
        { email: `moved${i}.${email}`, currentPassword: holder.password },
        holder.token,
      );
      await post('change-email', { email, currentPassword: next.password }, next.token);
      holder = next;
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('answers an address already confirmed with 400 in Arabic', async () => {
    const user = await registerUser(t.app);
    await verify((await verificationLink(user.email)).token);
    const response = await post('verify-email/resend', undefined, user.token);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().message).toBe(serverMsg.emailAlreadyVerified);
  });

  it('answers a visitor with 401', async () => {
    expect((await post('verify-email/resend', undefined)).statusCode).toBe(401);
  });
});

describe('changing the address', () => {
  it('clears the confirmation, mails a link to the new address and a notice to the old one', async () => {
    const user = await registerUser(t.app);
    await verify((await verificationLink(user.email)).token);
    expect(await me(user.token)).toMatchObject({ emailVerified: true });
    const oldLink = await post('verify-email/resend', undefined, user.token);
    expect(oldLink.statusCode).toBe(400);

    const moved = `moved.${user.email}`;
    const response = await post(
      'change-email',
      { email: moved.toUpperCase(), currentPassword: user.password },
      user.token,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ message: string; user: Profile }>()).toMatchObject({
      message: msg.emailChanged,
      user: { email: moved, emailVerified: false },
    });
    expect(await me(user.token)).toMatchObject({ email: moved, emailVerified: false });

    const link = await verificationLink(moved);
    const deadline = Date.now() + 10_000;
    while (
      !catcher.mails.some((mail) => mail.to === user.email && mailText(mail.raw).subject.includes('تغيير'))
    )
      if (Date.now() > deadline) throw new Error('no notice to the old address');
      else await new Promise((resolve) => setTimeout(resolve, 20));

    expect((await verify(link.token)).statusCode).toBe(200);
    expect(await me(user.token)).toMatchObject({ email: moved, emailVerified: true });
    expect((await login(moved, user.password)).statusCode).toBe(200);
  });

  it('makes a link sent to the previous address worthless', async () => {
    const user = await registerUser(t.app);
    const link = await verificationLink(user.email);
    const response = await post(
      'change-email',
      { email: `new.${user.email}`, currentPassword: user.password },
      user.token,
    );
    expect(response.statusCode).toBe(200);
    expect((await verify(link.token)).statusCode).toBe(400);
    expect(await me(user.token)).toMatchObject({ emailVerified: false });
  });

  it('grants nothing for an ADMIN_EMAILS address moved to until its own link is used', async () => {
    const user = await registerUser(t.app);
    const response = await post(
      'change-email',
      { email: DEPUTY, currentPassword: user.password },
      user.token,
    );
    expect(response.statusCode).toBe(200);
    expect(await me(user.token)).toMatchObject({ role: 'user', emailVerified: false });
    expect((await login(DEPUTY, user.password)).json<{ user: Profile }>().user.role).toBe('user');
    expect((await verify((await verificationLink(DEPUTY)).token)).statusCode).toBe(200);
    expect((await login(DEPUTY, user.password)).json<{ user: Profile }>().user.role).toBe('admin');
  });

  it.each([
    {
      name: 'a wrong password',
      payload: { email: 'fresh.one@example.com', currentPassword: 'Wrong12345' },
      field: 'currentPassword',
      message: msg.currentPasswordIncorrect,
    },
    {
      name: 'no password',
      payload: { email: 'fresh.two@example.com' },
      field: 'currentPassword',
      message: msg.currentPasswordRequired,
    },
    {
      name: 'an invalid address',
      payload: { email: 'not-an-email', currentPassword: 'Secret123' },
      field: 'email',
      message: msg.emailInvalid,
    },
  ])('answers $name with 400 and the Arabic message on the field', async ({ payload, field, message }) => {
    const user = await registerUser(t.app);
    const response = await post('change-email', payload, user.token);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors?.[field]).toEqual([message]);
    expect(await me(user.token)).toMatchObject({ email: user.email });
  });

  it('answers the current address with 400 and an address of another account with 409', async () => {
    const user = await registerUser(t.app);
    const other = await registerUser(t.app);
    const same = await post(
      'change-email',
      { email: user.email, currentPassword: user.password },
      user.token,
    );
    expect(same.statusCode).toBe(400);
    expect(same.json<ErrorBody>().errors?.email).toEqual([serverMsg.emailUnchanged]);
    const taken = await post(
      'change-email',
      { email: other.email, currentPassword: user.password },
      user.token,
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json<ErrorBody>()).toMatchObject({
      code: 'EMAIL_TAKEN',
      errors: { email: [serverMsg.emailTaken] },
    });
  });

  it('answers a visitor with 401', async () => {
    const response = await post('change-email', { email: 'a@b.co', currentPassword: 'Secret123' });
    expect(response.statusCode).toBe(401);
  });
});
