import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { decodeJwt, SignJWT, UnsecuredJWT } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { msg } from '@ray/shared/messages.ar';
import { serverMsg } from '@ray/shared/server-messages.ar';
import { passwordResetTokens, refreshTokens, sessions, users } from '../../db/schema';
import * as passwords from '../../lib/passwords';
import { mailText, startMailCatcher, type CaughtMail, type MailCatcher } from '../../test/mail-catcher';
import {
  addressesIn,
  bearer,
  createTestApp,
  registerUser,
  type TestApp,
  type TestUser,
} from '../../test/test-app';

// The password checks stay the real ones; the test counts how many of them a burst of guesses gets.
vi.mock('../../lib/passwords', async (importOriginal) => {
  const original = await importOriginal<typeof passwords>();
  return {
    ...original,
    verifyPassword: vi.fn(original.verifyPassword),
    verifyAgainstDummy: vi.fn(original.verifyAgainstDummy),
  };
});

const passwordChecks = () =>
  vi.mocked(passwords.verifyPassword).mock.calls.length +
  vi.mocked(passwords.verifyAgainstDummy).mock.calls.length;

interface ErrorBody {
  success: false;
  code: string;
  message: string;
  errors?: Record<string, string[]>;
}

interface AuthBody {
  success: boolean;
  token: string;
  refreshToken: string;
  userId: string;
  message: string;
}

let catcher: MailCatcher;
let t: TestApp;

beforeAll(async () => {
  catcher = await startMailCatcher();
  t = await createTestApp({ SMTP_URL: catcher.url });
});

afterAll(async () => {
  await t.close();
  await catcher.close();
});

/** Each test that counts failures gets its own client address. */
const newAddress = addressesIn('127.9');

function call(
  path: string,
  payload: string | object | undefined,
  options: { token?: string; address?: string; contentType?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (options.token) Object.assign(headers, bearer(options.token));
  if (options.contentType) headers['content-type'] = options.contentType;
  return t.app.inject({
    method: 'POST',
    url: `/api/account/${path}`,
    headers,
    ...(payload === undefined ? {} : { payload }),
    ...(options.address ? { remoteAddress: options.address } : {}),
  });
}

const login = (username: string, password: string, address?: string) =>
  call('login', { username, password }, address ? { address } : {});
const refresh = (refreshToken: string) => call('refresh-token', { refreshToken });
const profile = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

describe('register and login', () => {
  it('registers, then signs in with the same e-mail and password', async () => {
    const user = await registerUser(t.app);
    expect(user.token.length).toBeGreaterThanOrEqual(50);
    const response = await login(user.email, user.password);
    expect(response.statusCode).toBe(200);
    const body = response.json<AuthBody>();
    expect(body.success).toBe(true);
    expect(body.userId).toBe(user.userId);
    expect(body.message).toBe(msg.loginSuccess);
    expect(body.token.split('.')).toHaveLength(3);
    expect(body.refreshToken).not.toBe(user.refreshToken);
  });

  it('signs in with the e-mail typed in another letter case', async () => {
    const user = await registerUser(t.app);
    const response = await login(user.email.toUpperCase(), user.password);
    expect(response.statusCode).toBe(200);
    expect(response.json<AuthBody>().userId).toBe(user.userId);
  });

  it('answers registration with the welcome message and the new profile', async () => {
    const response = await call('register', {
      email: 'Huda.Ali@Example.com',
      username: 'HudaAli',
      password: 'Secret123',
      confirmPassword: 'Secret123',
      firstName: '  هدى ',
      lastName: 'علي',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<
      AuthBody & { user: { email: string; username: string; firstName: string; role: string } }
    >();
    expect(body.message).toBe(msg.registerSuccess);
    expect(body.user).toMatchObject({
      email: 'huda.ali@example.com',
      username: 'HudaAli',
      firstName: 'هدى',
      role: 'user',
    });
  });

  it('rejects a short password with the Arabic message of the form', async () => {
    const response = await call('register', {
      email: 'a@b.co',
      username: 'abc',
      password: '123',
      confirmPassword: '123',
      firstName: 'نورة',
      lastName: 'علي',
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<ErrorBody>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors?.password).toContain(msg.passwordMin);
  });

  it('answers a wrong password with 401 and the same message as an unknown e-mail', async () => {
    const user = await registerUser(t.app);
    const address = newAddress();
    const wrong = await login(user.email, 'Wrong12345', address);
    const unknown = await login('nobody@example.com', 'Wrong12345', address);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json<ErrorBody>()).toEqual({
      success: false,
      code: 'INVALID_CREDENTIALS',
      message: serverMsg.invalidCredentials,
    });
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.body).not.toContain('token');
  });

  it('returns the current profile with the access token', async () => {
    const user = await registerUser(t.app);
    const response = await profile(user.token);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ email: string }>().email).toBe(user.email);
  });

  it('answers a duplicate e-mail in another letter case with 409 EMAIL_TAKEN', async () => {
    const user = await registerUser(t.app);
    const response = await call('register', {
      email: user.email.toUpperCase(),
      username: `x${user.username}`.slice(0, 20),
      password: 'Secret123',
      confirmPassword: 'Secret123',
      firstName: 'منى',
      lastName: 'سالم',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorBody>()).toEqual({
      success: false,
      code: 'EMAIL_TAKEN',
      message: serverMsg.emailTaken,
      errors: { email: [serverMsg.emailTaken] },
    });
  });

  it('answers a duplicate username in another letter case with 409 USERNAME_TAKEN', async () => {
    await registerUser(t.app, { username: 'FahadQ' });
    const response = await call('register', {
      email: 'another.fahad@example.com',
      username: 'fahadq',
      password: 'Secret123',
      confirmPassword: 'Secret123',
      firstName: 'فهد',
      lastName: 'القحطاني',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorBody>()).toEqual({
      success: false,
      code: 'USERNAME_TAKEN',
      message: serverMsg.usernameTaken,
      errors: { username: [serverMsg.usernameTaken] },
    });
  });

  it('ignores unknown fields, so a client cannot make itself an admin', async () => {
    const response = await call('register', {
      email: 'mass.assign@example.com',
      username: 'massassign',
      password: 'Secret123',
      confirmPassword: 'Secret123',
      firstName: 'خالد',
      lastName: 'الدوسري',
      acceptTerms: true,
      role: 'admin',
      isGuest: true,
    });
    expect(response.statusCode).toBe(201);
    const me = await profile(response.json<AuthBody>().token);
    expect(me.json<{ role: string; isGuest: boolean }>()).toMatchObject({ role: 'user', isGuest: false });

    const signIn = await call('login', {
      username: 'mass.assign@example.com',
      password: 'Secret123',
      rememberMe: true,
      extra: 'ignored',
    });
    expect(signIn.statusCode).toBe(200);
  });
});

describe('bad input to the identity calls', () => {
  const long = 'a'.repeat(2000);
  const longMixed = 'a1'.repeat(1000);
  let user: TestUser;
  beforeAll(async () => {
    user = await registerUser(t.app);
  });

  const cases: {
    name: string;
    path: string;
    auth?: boolean;
    payload: object;
    errors: Record<string, string[]>;
  }[] = [
    {
      name: 'login without fields',
      path: 'login',
      payload: {},
      errors: { username: [msg.emailRequired], password: [msg.passwordRequired] },
    },
    {
      name: 'login with empty strings',
      path: 'login',
      payload: { username: '  ', password: '' },
      errors: { username: [msg.emailRequired], password: [msg.passwordRequired, msg.passwordMin] },
    },
    {
      name: 'login with wrong types',
      path: 'login',
      payload: { username: 42, password: { value: 'Secret123' }, rememberMe: 'yes' },
      errors: {
        username: [msg.emailRequired],
        password: [msg.passwordRequired],
        rememberMe: [msg.invalidValue],
      },
    },
    {
      name: 'login with 2,000-character strings',
      path: 'login',
      payload: { username: `${long}@example.com`, password: long },
      errors: { username: [msg.emailInvalid], password: [msg.passwordTooLong] },
    },
    {
      name: 'login with a malformed e-mail and a short password',
      path: 'login',
      payload: { username: 'sara@', password: '12345' },
      errors: { username: [msg.emailInvalid], password: [msg.passwordMin] },
    },
    {
      name: 'register without fields',
      path: 'register',
      payload: {},
      errors: {
        email: [msg.emailRequired],
        password: [msg.passwordRequired],
        confirmPassword: [msg.confirmPasswordRequired],
        username: [msg.usernameRequired],
        firstName: [msg.firstNameRequired],
        lastName: [msg.lastNameRequired],
      },
    },
    {
      name: 'register with wrong types',
      path: 'register',
      payload: {
        email: true,
        password: 123456,
        confirmPassword: 123456,
        username: 12345,
        firstName: {},
        lastName: false,
      },
      errors: {
        email: [msg.emailRequired],
        password: [msg.passwordRequired],
        confirmPassword: [msg.confirmPasswordRequired],
        username: [msg.usernameRequired],
        firstName: [msg.firstNameRequired],
        lastName: [msg.lastNameRequired],
      },
    },
    {
      name: 'register with 2,000-character strings',
      path: 'register',
      payload: {
        email: `${long}@example.com`,
        password: longMixed,
        confirmPassword: longMixed,
        username: long,
        firstName: long,
        lastName: long,
      },
      errors: {
        email: [msg.emailInvalid],
        password: [msg.passwordTooLong],
        username: [msg.usernameMax],
        firstName: [msg.nameTooLong],
        lastName: [msg.nameTooLong],
      },
    },
    {
      name: 'register with values under the minimums',
      path: 'register',
      payload: {
        email: 'not-an-email',
        password: '12345',
        confirmPassword: '12345',
        username: 'ab',
        firstName: 'س',
        lastName: 'ع',
      },
      errors: {
        email: [msg.emailInvalid],
        password: [msg.passwordMin],
        username: [msg.usernameMin],
        firstName: [msg.firstNameMin],
        lastName: [msg.lastNameMin],
      },
    },
    {
      name: 'register with an Arabic username and a confirmation that differs',
      path: 'register',
      payload: {
        email: 'ok@example.com',
        password: 'Secret123',
        confirmPassword: 'Secret124',
        username: 'سارة99',
        firstName: 'سارة',
        lastName: 'علي',
      },
      errors: { username: [msg.usernameChars], confirmPassword: [msg.passwordMismatch] },
    },
    {
      name: 'refresh without a token',
      path: 'refresh-token',
      payload: {},
      errors: { refreshToken: [msg.noRefreshToken] },
    },
    {
      name: 'refresh with a number',
      path: 'refresh-token',
      payload: { refreshToken: 12345 },
      errors: { refreshToken: [msg.noRefreshToken] },
    },
    {
      name: 'refresh with a 2,000-character token',
      path: 'refresh-token',
      payload: { refreshToken: long },
      errors: { refreshToken: [msg.invalidValue] },
    },
    {
      name: 'logout with a refresh token of the wrong type',
      path: 'logout',
      payload: { refreshToken: 5 },
      errors: { refreshToken: [msg.invalidValue] },
    },
    {
      name: 'logout with a 2,000-character refresh token',
      path: 'logout',
      payload: { refreshToken: long },
      errors: { refreshToken: [msg.invalidValue] },
    },
    {
      name: 'forgot-password without an e-mail',
      path: 'forgot-password',
      payload: {},
      errors: { email: [msg.emailRequired] },
    },
    {
      name: 'forgot-password with a number',
      path: 'forgot-password',
      payload: { email: 7 },
      errors: { email: [msg.emailRequired] },
    },
    {
      name: 'forgot-password with a malformed e-mail',
      path: 'forgot-password',
      payload: { email: 'sara.example.com' },
      errors: { email: [msg.emailInvalid] },
    },
    {
      name: 'forgot-password with a 2,000-character e-mail',
      path: 'forgot-password',
      payload: { email: `${long}@example.com` },
      errors: { email: [msg.emailInvalid] },
    },
    {
      name: 'reset-password without fields',
      path: 'reset-password',
      payload: {},
      errors: {
        token: [msg.resetInvalidLink],
        email: [msg.emailRequired],
        newPassword: [msg.passwordRequired],
      },
    },
    {
      name: 'reset-password with 2,000-character strings',
      path: 'reset-password',
      payload: { token: long, email: `${long}@example.com`, newPassword: longMixed },
      errors: {
        token: [msg.resetInvalidLink],
        email: [msg.emailInvalid],
        newPassword: [msg.passwordTooLong],
      },
    },
    {
      name: 'reset-password with a new password without digits',
      path: 'reset-password',
      payload: { token: 'abc', email: 'a@example.com', newPassword: 'onlyletters' },
      errors: { newPassword: [msg.passwordLettersDigits] },
    },
    {
      name: 'change-password without fields',
      path: 'change-password',
      auth: true,
      payload: {},
      errors: {
        currentPassword: [msg.currentPasswordRequired],
        newPassword: [msg.newPasswordRequired],
        confirmPassword: [msg.confirmPasswordRequired],
      },
    },
    {
      name: 'change-password with wrong types',
      path: 'change-password',
      auth: true,
      payload: { currentPassword: 1, newPassword: null, confirmPassword: false },
      errors: {
        currentPassword: [msg.currentPasswordRequired],
        newPassword: [msg.newPasswordRequired],
        confirmPassword: [msg.confirmPasswordRequired],
      },
    },
    {
      name: 'change-password with over-long strings',
      path: 'change-password',
      auth: true,
      payload: { currentPassword: 'a'.repeat(5000), newPassword: longMixed, confirmPassword: long },
      errors: {
        currentPassword: [msg.passwordTooLong],
        newPassword: [msg.passwordTooLong],
        confirmPassword: [msg.passwordMismatch],
      },
    },
  ];

  it.each(cases)(
    'answers $name with 400 and the Arabic field messages',
    async ({ path, auth, payload, errors }) => {
      const response = await call(path, payload, {
        ...(auth ? { token: user.token } : {}),
        address: newAddress(),
      });
      expect(response.statusCode, response.body).toBe(400);
      const body = response.json<ErrorBody>();
      expect(body.success).toBe(false);
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.errors, response.body).toEqual(errors);
      expect(Object.values(errors).flat()).toContain(body.message);
    },
  );

  it('answers arrays in place of strings with messages of the catalogue only', async () => {
    const response = await call('register', {
      email: [],
      password: ['Secret123'],
      confirmPassword: [],
      username: ['abc'],
      firstName: [],
      lastName: [],
    });
    expect(response.statusCode).toBe(400);
    const catalogue = new Set<unknown>(Object.values(msg).filter((value) => typeof value === 'string'));
    const errors = response.json<ErrorBody>().errors ?? {};
    expect(Object.keys(errors).sort()).toEqual([
      'confirmPassword',
      'email',
      'firstName',
      'lastName',
      'password',
      'username',
    ]);
    for (const message of Object.values(errors).flat()) expect(catalogue.has(message), message).toBe(true);
  });

  const paths = [
    'login',
    'register',
    'refresh-token',
    'logout',
    'forgot-password',
    'reset-password',
    'change-password',
  ];

  it.each(paths)(
    'answers a broken JSON body on %s with 400 and the Arabic message, never 500',
    async (path) => {
      const response = await call(path, '{"username": "sara@example.com", ', {
        token: user.token,
        contentType: 'application/json',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>()).toEqual({
        success: false,
        code: 'BAD_REQUEST',
        message: serverMsg.badJson,
      });
    },
  );

  it.each(paths.filter((path) => path !== 'logout'))(
    'answers a JSON value that is not an object on %s with 400 in Arabic',
    async (path) => {
      for (const payload of ['null', '[]', '"text"', '42']) {
        const response = await call(path, payload, { token: user.token, contentType: 'application/json' });
        expect(response.statusCode, `${path} ${payload}`).toBe(400);
        const body = response.json<ErrorBody>();
        expect(body.code).toBe('VALIDATION_FAILED');
        expect(body.message).toBe(msg.invalidData);
      }
    },
  );

  it.each(paths)('answers a plain-text body on %s with 400 in Arabic, never 500', async (path) => {
    const response = await call(path, 'username=sara&password=secret', {
      token: user.token,
      contentType: 'text/plain',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>()).toEqual({
      success: false,
      code: 'VALIDATION_FAILED',
      message: msg.invalidData,
      errors: { _: [msg.invalidData] },
    });
  });

  it.each(paths)(
    'answers a form-encoded body on %s with 415 and the Arabic message about the request format',
    async (path) => {
      const response = await call(path, 'username=sara&password=secret', {
        token: user.token,
        contentType: 'application/x-www-form-urlencoded',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json<ErrorBody>()).toEqual({
        success: false,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: serverMsg.badJson,
      });
    },
  );

  it('answers an empty JSON body with 400 in Arabic', async () => {
    const response = await call('login', '', { contentType: 'application/json' });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().message).toBe(serverMsg.badJson);
  });
});

describe('registration rate limit', () => {
  const attempt = (email: string, address: string, i: number) =>
    call(
      'register',
      {
        email,
        username: `probe${i}x${process.pid}`.slice(0, 20),
        password: 'Qahwa2030x',
        confirmPassword: 'Qahwa2030x',
        firstName: 'منى',
        lastName: 'سالم',
      },
      { address },
    );

  it('lets one address try 30 registrations in 15 minutes, even all at once, then answers 429 in Arabic', async () => {
    const taken = await registerUser(t.app);
    const prober = newAddress();
    // Each try tells whether the e-mail has an account: 409 for the taken one.
    const burst = await Promise.all(Array.from({ length: 35 }, (_, i) => attempt(taken.email, prober, i)));
    const statuses = burst.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(30).fill(409), ...Array<number>(5).fill(429)]);
    const refused = burst.find((response) => response.statusCode === 429)!;
    expect(refused.json<ErrorBody>()).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: msg.rateLimited,
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // A new account from that address is refused too; from another address it is created.
    expect((await attempt(`fresh.${process.pid}@example.com`, prober, 99)).statusCode).toBe(429);
    expect((await attempt(`fresh.${process.pid}@example.com`, newAddress(), 99)).statusCode).toBe(201);
  });
});

describe('login rate limits', () => {
  it('answers the 6th failed login for one account from one address with 429 and Retry-After, while another address still signs in', async () => {
    const user = await registerUser(t.app);
    const attacker = newAddress();
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await login(user.email, `Wrong${attempt}xyz`, attacker);
      expect(response.statusCode, `attempt ${attempt}`).toBe(401);
    }
    const sixth = await login(user.email, 'Wrong6xyz', attacker);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json<ErrorBody>()).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: serverMsg.tooManyLoginAttempts,
    });
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    const rightFromAttacker = await login(user.email, user.password, attacker);
    expect(rightFromAttacker.statusCode).toBe(429);

    const owner = await login(user.email, user.password, newAddress());
    expect(owner.statusCode).toBe(200);
  });

  it('counts the account limit whatever letter case the e-mail is typed in', async () => {
    const user = await registerUser(t.app);
    const attacker = newAddress();
    for (let attempt = 0; attempt < 5; attempt++) {
      const username = attempt % 2 === 0 ? user.email.toUpperCase() : user.email;
      expect((await login(username, 'Wrong1234', attacker)).statusCode).toBe(401);
    }
    expect((await login(user.email, 'Wrong1234', attacker)).statusCode).toBe(429);
  });

  it('forgets earlier failures of an account after a successful sign-in', async () => {
    const user = await registerUser(t.app);
    const address = newAddress();
    for (let attempt = 0; attempt < 4; attempt++)
      expect((await login(user.email, 'Wrong1234', address)).statusCode).toBe(401);
    expect((await login(user.email, user.password, address)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 4; attempt++)
      expect((await login(user.email, 'Wrong1234', address)).statusCode).toBe(401);
    expect((await login(user.email, user.password, address)).statusCode).toBe(200);
  });

  it('checks the password no more than 5 times when 20 guesses for one account arrive at once', async () => {
    const user = await registerUser(t.app);
    const attacker = newAddress();
    const before = passwordChecks();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(user.email, `Wrong${i}xyz`, attacker)),
    );
    expect(passwordChecks() - before).toBe(5);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(5).fill(401), ...Array<number>(15).fill(429)]);
    for (const refused of answers.filter((answer) => answer.statusCode === 429))
      expect(refused.json<ErrorBody>().message).toBe(serverMsg.tooManyLoginAttempts);
    expect((await login(user.email, user.password, newAddress())).statusCode).toBe(200);
  });

  it('checks no password at all for an unknown account past the limit, however many guesses arrive at once', async () => {
    const attacker = newAddress();
    const before = passwordChecks();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => login('nobody.here@example.com', 'Wrong1xyz', attacker)),
    );
    expect(passwordChecks() - before).toBe(5);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(7);
  });

  it('lets one address sign in successfully more often than it may fail', async () => {
    const user = await registerUser(t.app);
    const address = newAddress();
    for (let attempt = 1; attempt <= 31; attempt++)
      expect((await login(user.email, user.password, address)).statusCode, `sign-in ${attempt}`).toBe(200);
    for (let attempt = 1; attempt <= 5; attempt++)
      expect((await login(user.email, 'Wrong1234', address)).statusCode, `failure ${attempt}`).toBe(401);
  });

  it('limits one address that fails across many accounts, without locking the accounts out elsewhere', async () => {
    const user = await registerUser(t.app);
    const sprayer = newAddress();
    const attempts = Array.from({ length: 30 }, (_, i) => `sprayed${i}@example.com`);
    for (let start = 0; start < attempts.length; start += 10) {
      const batch = await Promise.all(
        attempts.slice(start, start + 10).map((email) => login(email, 'Summer2024', sprayer)),
      );
      expect(batch.map((response) => response.statusCode)).toEqual(Array(batch.length).fill(401));
    }
    const blocked = await login(user.email, user.password, sprayer);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(user.email, user.password, newAddress())).statusCode).toBe(200);
  });
});

describe('refresh tokens', () => {
  it('rotates the refresh token and gives a working access token', async () => {
    const user = await registerUser(t.app);
    const response = await refresh(user.refreshToken);
    expect(response.statusCode).toBe(200);
    const body = response.json<AuthBody>();
    expect(body.success).toBe(true);
    expect(body.userId).toBe(user.userId);
    expect(body.refreshToken).not.toBe(user.refreshToken);
    expect((await profile(body.token)).statusCode).toBe(200);
    const next = await refresh(body.refreshToken);
    expect(next.statusCode).toBe(200);
  });

  it('keeps only hashes of refresh tokens in the database', async () => {
    const user = await registerUser(t.app);
    const rows = await t.database.db.select({ tokenHash: refreshTokens.tokenHash }).from(refreshTokens);
    expect(rows.some((row) => row.tokenHash === user.refreshToken)).toBe(false);
    expect(rows.some((row) => row.tokenHash === sha256(user.refreshToken))).toBe(true);
  });

  it('rejects an unknown refresh token with 401', async () => {
    const response = await refresh('not-a-token-this-server-issued');
    expect(response.statusCode).toBe(401);
    expect(response.json<ErrorBody>()).toEqual({
      success: false,
      code: 'UNAUTHORIZED',
      message: msg.sessionExpired,
    });
  });

  it('revokes the whole family when a rotated token comes back after the grace window', async () => {
    const user = await registerUser(t.app);
    const otherSession = (await login(user.email, user.password)).json<AuthBody>();
    const first = await refresh(user.refreshToken);
    expect(first.statusCode).toBe(200);
    const rotated = first.json<AuthBody>();

    // The old token was rotated a minute ago rather than just now.
    await t.database.db.execute(
      sql`update refresh_tokens set used_at = now() - interval '60 seconds' where token_hash = ${sha256(user.refreshToken)}`,
    );

    const reuse = await refresh(user.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json<ErrorBody>().message).toBe(msg.sessionExpired);

    expect((await refresh(rotated.refreshToken)).statusCode).toBe(401);
    expect((await profile(rotated.token)).statusCode).toBe(401);
    expect((await profile(user.token)).statusCode).toBe(401);
    const sessionId = decodeJwt(rotated.token).sid as string;
    const [row] = await t.database.db
      .select({ revokedAt: sessions.revokedAt })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    expect(row?.revokedAt).toBeInstanceOf(Date);

    // Only that family ends: the user's other session goes on.
    expect((await profile(otherSession.token)).statusCode).toBe(200);
    expect((await refresh(otherSession.refreshToken)).statusCode).toBe(200);
  });

  it('hands every refresh with one token at the same instant the same successor: the session stays one chain', async () => {
    const user = await registerUser(t.app);
    const answers = await Promise.all([
      refresh(user.refreshToken),
      refresh(user.refreshToken),
      refresh(user.refreshToken),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const bodies = answers.map((answer) => answer.json<AuthBody>());
    expect(new Set(bodies.map((body) => body.refreshToken)).size).toBe(1);
    for (const body of bodies) expect((await profile(body.token)).statusCode).toBe(200);

    const sessionId = decodeJwt(user.token).sid as string;
    const chain = await t.database.db
      .select({ tokenHash: refreshTokens.tokenHash })
      .from(refreshTokens)
      .where(eq(refreshTokens.sessionId, sessionId));
    expect(chain.map((row) => row.tokenHash).sort()).toEqual(
      [sha256(user.refreshToken), sha256(bodies[0]!.refreshToken)].sort(),
    );
    expect((await refresh(bodies[0]!.refreshToken)).statusCode).toBe(200);
  });

  it('answers a rotated token presented again 10 seconds later with the same successor, and the chain goes on from it', async () => {
    const user = await registerUser(t.app);
    const first = (await refresh(user.refreshToken)).json<AuthBody>();
    const rotatedAgo = (seconds: number) =>
      t.database.db
        .update(refreshTokens)
        .set({ usedAt: sql`now() - make_interval(secs => ${seconds})` })
        .where(eq(refreshTokens.tokenHash, sha256(user.refreshToken)));
    await rotatedAgo(10);

    const repeat = await refresh(user.refreshToken);
    expect(repeat.statusCode).toBe(200);
    const repeated = repeat.json<AuthBody>();
    expect(repeated.refreshToken).toBe(first.refreshToken);
    expect((await profile(repeated.token)).statusCode).toBe(200);

    // The chain goes on from the shared successor, and a late copy of the first token still meets it.
    const second = (await refresh(repeated.refreshToken)).json<AuthBody>();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await refresh(user.refreshToken)).json<AuthBody>().refreshToken).toBe(first.refreshToken);
    expect((await refresh(first.refreshToken)).json<AuthBody>().refreshToken).toBe(second.refreshToken);
    const third = await refresh(second.refreshToken);
    expect(third.statusCode).toBe(200);

    // Past the window the first token is reuse: the whole session ends.
    await rotatedAgo(31);
    expect((await refresh(user.refreshToken)).statusCode).toBe(401);
    expect((await refresh(third.json<AuthBody>().refreshToken)).statusCode).toBe(401);
    expect((await profile(third.json<AuthBody>().token)).statusCode).toBe(401);
  });

  it('accepts a rotated token again within the grace window (a second tab), then rejects it once the window has passed', async () => {
    const user = await registerUser(t.app);
    expect((await refresh(user.refreshToken)).statusCode).toBe(200);
    expect((await refresh(user.refreshToken)).statusCode).toBe(200);
    await t.database.db
      .update(refreshTokens)
      .set({ usedAt: sql`now() - interval '31 seconds'` })
      .where(eq(refreshTokens.tokenHash, sha256(user.refreshToken)));
    expect((await refresh(user.refreshToken)).statusCode).toBe(401);
  });

  it('refuses to refresh a session past its absolute lifetime', async () => {
    const user = await registerUser(t.app);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, user.userId));
    expect((await refresh(user.refreshToken)).statusCode).toBe(401);
  });

  it('refuses an expired refresh token', async () => {
    const user = await registerUser(t.app);
    await t.database.db
      .update(refreshTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(refreshTokens.tokenHash, sha256(user.refreshToken)));
    expect((await refresh(user.refreshToken)).statusCode).toBe(401);
  });
});

describe('logout', () => {
  it('revokes the session: its refresh token and access token stop working', async () => {
    const user = await registerUser(t.app);
    expect((await profile(user.token)).statusCode).toBe(200);
    const response = await call('logout', { refreshToken: user.refreshToken }, { token: user.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: msg.logoutSuccess });
    expect((await refresh(user.refreshToken)).statusCode).toBe(401);
    expect((await profile(user.token)).statusCode).toBe(401);
  });

  it('revokes the session of the refresh token when no access token is sent', async () => {
    const user = await registerUser(t.app);
    const response = await call('logout', { refreshToken: user.refreshToken });
    expect(response.statusCode).toBe(200);
    expect((await refresh(user.refreshToken)).statusCode).toBe(401);
    expect((await profile(user.token)).statusCode).toBe(401);
  });

  it('leaves the other sessions of the user signed in', async () => {
    const user = await registerUser(t.app);
    const other = (await login(user.email, user.password)).json<AuthBody>();
    expect((await call('logout', undefined, { token: user.token })).statusCode).toBe(200);
    expect((await profile(user.token)).statusCode).toBe(401);
    expect((await profile(other.token)).statusCode).toBe(200);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it('answers a logout without any credentials with success', async () => {
    const response = await call('logout', undefined);
    expect(response.statusCode).toBe(200);
  });
});

describe('access tokens', () => {
  let user: TestUser;
  let sessionId: string;
  const key = () => new TextEncoder().encode(t.env.JWT_SECRET);

  beforeAll(async () => {
    user = await registerUser(t.app);
    sessionId = decodeJwt(user.token).sid as string;
  });

  function sign(
    options: {
      claims?: Record<string, unknown>;
      secret?: Uint8Array;
      issuer?: string;
      audience?: string;
      expiresAt?: number;
      subject?: string;
    } = {},
  ) {
    return new SignJWT({ sid: sessionId, role: 'user', typ: 'access', ...options.claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(options.subject ?? user.userId)
      .setIssuer(options.issuer ?? t.env.JWT_ISSUER)
      .setAudience(options.audience ?? 'ray-api')
      .setIssuedAt()
      .setExpirationTime(options.expiresAt ?? '5m')
      .sign(options.secret ?? key());
  }

  async function expect401(token: string, code = 'UNAUTHORIZED') {
    const response = await profile(token);
    expect(response.statusCode).toBe(401);
    expect(response.json<ErrorBody>().code).toBe(code);
  }

  it('accepts a token signed with the server key, issuer and audience (the control for the cases below)', async () => {
    const response = await profile(await sign());
    expect(response.statusCode).toBe(200);
    expect(response.json<{ userId: string }>().userId).toBe(user.userId);
  });

  it('rejects an unsigned token (alg none)', async () => {
    const token = new UnsecuredJWT({ sid: sessionId, role: 'user', typ: 'access' })
      .setSubject(user.userId)
      .setIssuer(t.env.JWT_ISSUER)
      .setAudience('ray-api')
      .setIssuedAt()
      .setExpirationTime('5m')
      .encode();
    await expect401(token);
  });

  it('rejects a token signed with another key', async () => {
    await expect401(
      await sign({ secret: new TextEncoder().encode('another-secret-that-is-long-enough-for-hs256') }),
    );
  });

  it('rejects a token from another issuer', async () => {
    await expect401(await sign({ issuer: 'someone-else' }));
  });

  it('rejects a token for another audience', async () => {
    await expect401(await sign({ audience: 'another-api' }));
  });

  it('rejects an expired token with TOKEN_EXPIRED', async () => {
    await expect401(await sign({ expiresAt: Math.floor(Date.now() / 1000) - 60 }), 'TOKEN_EXPIRED');
  });

  it('rejects with TOKEN_EXPIRED a token that was accepted before, once its expiry has passed', async () => {
    const expiresAt = Math.floor(Date.now() / 1000) + 120;
    const token = await sign({ expiresAt });
    expect((await profile(token)).statusCode).toBe(200);
    const clock = vi.spyOn(Date, 'now').mockReturnValue(expiresAt * 1000 + 1);
    try {
      await expect401(token, 'TOKEN_EXPIRED');
    } finally {
      clock.mockRestore();
    }
  });

  it('rejects a token whose payload was changed after signing', async () => {
    const [header, payload, signature] = user.token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url');
    await expect401(`${header}.${forged}.${signature}`);
  });

  it('rejects a token that is not an access token or names an unknown role', async () => {
    await expect401(await sign({ claims: { typ: 'refresh' } }));
    await expect401(await sign({ claims: { role: 'superuser' } }));
    await expect401(await sign({ claims: { sid: undefined } }));
  });

  it('rejects a well-signed token for a session that does not exist', async () => {
    await expect401(await sign({ claims: { sid: '00000000-0000-4000-8000-000000000000' } }));
  });

  it('rejects a refresh token used as a bearer token', async () => {
    await expect401(user.refreshToken);
  });

  it.each([
    'Bearer',
    'Bearer ',
    `Basic ${Buffer.from('a:b').toString('base64')}`,
    'Bearer a b',
    'Token abc.def.ghi',
    'Bearer not.a.jwt',
  ])('rejects the Authorization header %j with 401', async (header) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: { authorization: header },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json<ErrorBody>()).toMatchObject({
      success: false,
      code: 'UNAUTHORIZED',
      message: msg.unauthorized,
    });
  });
});

/** Reset mails only: registration also mails a confirmation link, which may arrive at any moment. */
const resetMailsTo = (to: string) =>
  catcher.mails.filter(
    (mail) => mail.to === to && mailText(mail.raw).subject === 'إعادة تعيين كلمة المرور في رأي',
  );

async function waitForMail(to: string, count: number): Promise<CaughtMail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const received = resetMailsTo(to);
    if (received.length >= count) return received[count - 1]!;
    if (Date.now() > deadline) throw new Error(`no mail number ${count} to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Asks for a reset link and reads it from the mail that reaches the SMTP server. */
async function requestResetLink(
  email: string,
): Promise<{ token: string; email: string; url: URL; subject: string; text: string }> {
  const before = resetMailsTo(email).length;
  const response = await call('forgot-password', { email }, { address: newAddress() });
  expect(response.statusCode).toBe(200);
  const { subject, text } = mailText((await waitForMail(email, before + 1)).raw);
  const link = /https?:\/\/\S+/.exec(text)?.[0];
  if (!link) throw new Error(`no link in the mail: ${text}`);
  const url = new URL(link);
  return {
    token: url.searchParams.get('token') ?? '',
    email: url.searchParams.get('email') ?? '',
    url,
    subject,
    text,
  };
}

describe('forgot-password', () => {
  it('answers a known and an unknown e-mail with the same status and body', async () => {
    const user = await registerUser(t.app);
    const known = await call('forgot-password', { email: user.email }, { address: newAddress() });
    const unknown = await call(
      'forgot-password',
      { email: 'no-such-user@example.com' },
      { address: newAddress() },
    );
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ success: true, message: msg.forgotSent });

    await waitForMail(user.email, 1);
    const tokens = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.userId));
    expect(tokens).toHaveLength(1);
    expect(catcher.mails.some((mail) => mail.to === 'no-such-user@example.com')).toBe(false);
  });

  // The account is looked up only after the answer has gone, so a known address cannot take longer to answer
  // than an unknown one. Proved by holding a lock on the accounts table: the answer must not wait for it.
  it.runIf(process.env.DATABASE_URL)('answers before it looks the address up', async () => {
    const user = await registerUser(t.app);
    const locker = new pg.Client({ connectionString: t.env.DATABASE_URL });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table users in access exclusive mode');
      const answer = call('forgot-password', { email: user.email }, { address: newAddress() });
      const outcome = await Promise.race([
        answer.then((response) => response.statusCode),
        new Promise((resolve) =>
          setTimeout(() => {
            resolve('still waiting');
          }, 5_000),
        ),
      ]);
      expect(outcome).toBe(200);
      expect(resetMailsTo(user.email)).toHaveLength(0);
    } finally {
      await locker.query('commit');
      await locker.end();
    }
    await waitForMail(user.email, 1);
  });

  it('answers the 6th request for one e-mail from one address within an hour with 429 and Retry-After', async () => {
    const email = 'reset.flood@example.com';
    const address = newAddress();
    for (let i = 1; i <= 5; i++) {
      const response = await call('forgot-password', { email }, { address });
      expect(response.statusCode, `request ${i}`).toBe(200);
    }
    const sixth = await call('forgot-password', { email: email.toUpperCase() }, { address });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json<ErrorBody>()).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: msg.forgotTooMany,
    });
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
  });

  it('lets nobody use up the resets of someone else: the owner still gets a link from their own address', async () => {
    const victim = await registerUser(t.app);
    const attacker = newAddress();
    for (let i = 1; i <= 6; i++)
      await call('forgot-password', { email: victim.email }, { address: attacker });
    expect((await call('forgot-password', { email: victim.email }, { address: attacker })).statusCode).toBe(
      429,
    );
    const own = await call('forgot-password', { email: victim.email }, { address: newAddress() });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ success: true, message: msg.forgotSent });
    await waitForMail(victim.email, 6);
  });

  it('limits one client address asking for many e-mails, also when they all arrive at once', async () => {
    const address = newAddress();
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call('forgot-password', { email: `spray${i}@example.com` }, { address }),
      ),
    );
    const statuses = burst.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(30).fill(200), ...Array<number>(10).fill(429)]);
    const blocked = await call('forgot-password', { email: 'spray-last@example.com' }, { address });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      (await call('forgot-password', { email: 'spray-last@example.com' }, { address: newAddress() }))
        .statusCode,
    ).toBe(200);
  });
});

describe('reset-password through the mailed link', () => {
  it('sends an Arabic mail whose link resets the password once', async () => {
    const user = await registerUser(t.app);
    const link = await requestResetLink(user.email);
    expect(link.subject).toBe('إعادة تعيين كلمة المرور في رأي');
    expect(link.text).toContain('إعادة تعيين كلمة المرور');
    expect(`${link.url.origin}${link.url.pathname}`).toBe(`${t.env.PUBLIC_URL}/reset-password`);
    expect(link.email).toBe(user.email);
    expect(link.token.length).toBeGreaterThanOrEqual(40);

    const reset = await call('reset-password', {
      token: link.token,
      email: link.email,
      newPassword: 'NewSecret456',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ success: true, message: msg.resetSuccess });

    expect((await login(user.email, 'NewSecret456')).statusCode).toBe(200);
    expect((await login(user.email, user.password, newAddress())).statusCode).toBe(401);

    const again = await call('reset-password', {
      token: link.token,
      email: link.email,
      newPassword: 'Another789',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json<ErrorBody>()).toEqual({
      success: false,
      code: 'RESET_LINK_INVALID',
      message: msg.resetInvalidLink,
    });
    expect((await login(user.email, 'Another789', newAddress())).statusCode).toBe(401);
  });

  it('stops an older link from working once a newer one is requested', async () => {
    const user = await registerUser(t.app);
    const older = await requestResetLink(user.email);
    const newer = await requestResetLink(user.email);
    expect(newer.token).not.toBe(older.token);
    const stale = await call('reset-password', {
      token: older.token,
      email: user.email,
      newPassword: 'NewSecret456',
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json<ErrorBody>().code).toBe('RESET_LINK_INVALID');
    const fresh = await call('reset-password', {
      token: newer.token,
      email: user.email,
      newPassword: 'NewSecret456',
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('rejects an expired link', async () => {
    const user = await registerUser(t.app);
    const link = await requestResetLink(user.email);
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(and(eq(passwordResetTokens.userId, user.userId), isNull(passwordResetTokens.usedAt)));
    const response = await call('reset-password', {
      token: link.token,
      email: user.email,
      newPassword: 'NewSecret456',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().code).toBe('RESET_LINK_INVALID');
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('rejects a link used with another account e-mail', async () => {
    const user = await registerUser(t.app);
    const victim = await registerUser(t.app);
    const link = await requestResetLink(user.email);
    const response = await call('reset-password', {
      token: link.token,
      email: victim.email,
      newPassword: 'NewSecret456',
    });
    expect(response.statusCode).toBe(400);
    expect((await login(victim.email, victim.password)).statusCode).toBe(200);
    expect(
      (await call('reset-password', { token: link.token, email: user.email, newPassword: 'NewSecret456' }))
        .statusCode,
    ).toBe(200);
  });

  it('signs every existing session out', async () => {
    const user = await registerUser(t.app);
    const second = (await login(user.email, user.password)).json<AuthBody>();
    expect((await profile(user.token)).statusCode).toBe(200);
    expect((await profile(second.token)).statusCode).toBe(200);

    const link = await requestResetLink(user.email);
    expect(
      (await call('reset-password', { token: link.token, email: link.email, newPassword: 'NewSecret456' }))
        .statusCode,
    ).toBe(200);

    expect((await profile(user.token)).statusCode).toBe(401);
    expect((await profile(second.token)).statusCode).toBe(401);
    expect((await refresh(user.refreshToken)).statusCode).toBe(401);
    expect((await refresh(second.refreshToken)).statusCode).toBe(401);
    const active = await t.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, user.userId), isNull(sessions.revokedAt)));
    expect(active).toHaveLength(0);
  });

  it('keeps the new password to the rules of the reset form', async () => {
    const user = await registerUser(t.app);
    const link = await requestResetLink(user.email);
    const weak = await call('reset-password', {
      token: link.token,
      email: link.email,
      newPassword: '12345678',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json<ErrorBody>().errors).toEqual({ newPassword: [msg.passwordLettersDigits] });
    expect(
      (await call('reset-password', { token: link.token, email: link.email, newPassword: 'Better123' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('change-password', () => {
  const change = (token: string | undefined, payload: object) =>
    call('change-password', payload, token ? { token } : {});

  it('answers a wrong current password with 400 CURRENT_PASSWORD_INCORRECT on the field', async () => {
    const user = await registerUser(t.app);
    const response = await change(user.token, {
      currentPassword: 'NotMine123',
      newPassword: 'NewSecret456',
      confirmPassword: 'NewSecret456',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>()).toEqual({
      success: false,
      code: 'CURRENT_PASSWORD_INCORRECT',
      message: msg.currentPasswordIncorrect,
      errors: { currentPassword: [msg.currentPasswordIncorrect] },
    });
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('checks the current password of a burst of concurrent guesses at most five times', async () => {
    const user = await registerUser(t.app);
    const before = passwordChecks();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        change(user.token, {
          currentPassword: `Guess${i}abc`,
          newPassword: 'NewSecret456',
          confirmPassword: 'NewSecret456',
        }),
      ),
    );
    expect(passwordChecks() - before).toBe(5);
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes.filter((code) => code === 400)).toHaveLength(5);
    expect(codes.filter((code) => code === 429)).toHaveLength(15);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json<ErrorBody>().message).toBe(serverMsg.tooManyLoginAttempts);
  });

  it('refuses a new password equal to the current one with the Arabic message', async () => {
    const user = await registerUser(t.app);
    const response = await change(user.token, {
      currentPassword: user.password,
      newPassword: user.password,
      confirmPassword: user.password,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors).toEqual({ newPassword: [msg.passwordSameAsCurrent] });
  });

  it('refuses a new password without both letters and digits', async () => {
    const user = await registerUser(t.app);
    for (const newPassword of ['onlyletters', '12345678', 'كلماتفقط']) {
      const response = await change(user.token, {
        currentPassword: user.password,
        newPassword,
        confirmPassword: newPassword,
      });
      expect(response.statusCode, newPassword).toBe(400);
      expect(response.json<ErrorBody>().errors).toEqual({ newPassword: [msg.passwordLettersDigits] });
    }
  });

  it('refuses a confirmation that differs from the new password', async () => {
    const user = await registerUser(t.app);
    const response = await change(user.token, {
      currentPassword: user.password,
      newPassword: 'NewSecret456',
      confirmPassword: 'NewSecret457',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors).toEqual({ confirmPassword: [msg.passwordMismatch] });
  });

  it('keeps the current session, signs the other sessions out, and the new password signs in', async () => {
    const user = await registerUser(t.app);
    const other = (await login(user.email, user.password)).json<AuthBody>();
    const response = await change(user.token, {
      currentPassword: user.password,
      newPassword: 'NewSecret456',
      confirmPassword: 'NewSecret456',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: msg.passwordChanged });

    expect((await profile(user.token)).statusCode).toBe(200);
    expect((await refresh(user.refreshToken)).statusCode).toBe(200);
    expect((await profile(other.token)).statusCode).toBe(401);
    expect((await refresh(other.refreshToken)).statusCode).toBe(401);

    expect((await login(user.email, 'NewSecret456')).statusCode).toBe(200);
    expect((await login(user.email, user.password, newAddress())).statusCode).toBe(401);
    const [row] = await t.database.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, user.userId));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('answers without a token with 401', async () => {
    const response = await change(undefined, {
      currentPassword: 'Secret123',
      newPassword: 'NewSecret456',
      confirmPassword: 'NewSecret456',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json<ErrorBody>()).toEqual({
      success: false,
      code: 'UNAUTHORIZED',
      message: msg.unauthorized,
    });
  });
});

describe('password policy', () => {
  it('refuses one of the 1,000 most common passwords with the Arabic message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      payload: {
        email: 'common@example.com',
        username: 'commonpw',
        password: 'qwerty123',
        confirmPassword: 'qwerty123',
        firstName: 'نورة',
        lastName: 'علي',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: Record<string, string[]> }>().errors.password).toEqual([
      serverMsg.passwordCommon,
    ]);
  });

  it('accepts a 6-character password that is not common, and refuses one over 1,024 bytes', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      payload: {
        email: 'six@example.com',
        username: 'sixchars',
        password: 'Kx9#mZ',
        confirmPassword: 'Kx9#mZ',
        firstName: 'نورة',
        lastName: 'علي',
      },
    });
    expect(ok.statusCode).toBe(201);
    const long = 'ب'.repeat(513);
    const tooLong = await t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      payload: {
        email: 'long@example.com',
        username: 'longpw',
        password: long,
        confirmPassword: long,
        firstName: 'نورة',
        lastName: 'علي',
      },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<{ errors: Record<string, string[]> }>().errors.password).toContain(
      msg.passwordTooLong,
    );
  });
});
