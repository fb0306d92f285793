import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const MAIL_API = 'http://127.0.0.1:2526';
export const SCREENSHOTS = path.resolve(import.meta.dirname, '../.artifacts/screenshots');

export interface NewUser {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
}

export function newUser(): NewUser {
  const id = randomBytes(4).toString('hex');
  return {
    firstName: 'ريم',
    lastName: 'الشمري',
    username: `reem${id}`,
    email: `reem.${id}@example.com`,
    password: 'Qahwa2030',
  };
}

export async function register(page: Page, user: NewUser) {
  await page.goto('/register');
  await page.getByLabel('الاسم الأول').fill(user.firstName);
  await page.getByLabel('اسم العائلة').fill(user.lastName);
  await page.getByLabel('اسم المستخدم').fill(user.username);
  await page.getByLabel('البريد الإلكتروني').fill(user.email);
  await page.getByLabel('كلمة المرور', { exact: true }).fill(user.password);
  await page.getByLabel('تأكيد كلمة المرور').fill(user.password);
  await page.getByLabel(/أوافق على/).check();
  await page.getByRole('button', { name: 'إنشاء حساب' }).click();
  await expect(page.getByText('تم إنشاء الحساب بنجاح! مرحباً بك')).toBeVisible();
}

export async function login(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('البريد الإلكتروني').fill(email);
  await page.getByLabel('كلمة المرور', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await expect(page.getByText('تم تسجيل الدخول بنجاح!')).toBeVisible();
}

export async function logout(page: Page) {
  await page.getByRole('button', { name: 'قائمة الحساب' }).click();
  await page.getByRole('menuitem', { name: 'تسجيل الخروج' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'تسجيل الدخول' }).first()).toBeVisible();
}

/**
 * Waits for `mails` e-mails to an address with a link to `page` (a reset link unless told otherwise) and returns
 * the newest such link: registration also mails a confirmation link, which may arrive in between.
 */
export async function linkFromMail(to: string, page = 'reset-password', mails = 1): Promise<string> {
  let link: string | undefined;
  const pattern = new RegExp(`https?://\\S+/${page}\\?\\S+`);
  await expect
    .poll(
      async () => {
        const messages = (await (await fetch(`${MAIL_API}/?to=${encodeURIComponent(to)}`)).json()) as {
          raw: string;
        }[];
        // Only once the expected number of such mails is in is the last one the newest link.
        const links = messages
          .map((message) => pattern.exec(decodeMail(message.raw))?.[0])
          .filter((found) => found !== undefined);
        link = links.length >= mails ? links.at(-1) : undefined;
        return link ?? null;
      },
      { timeout: 15_000 },
    )
    .not.toBeNull();
  return link!;
}

/** Undoes the quoted-printable or base64 transfer encoding of a plain-text mail body. */
function decodeMail(raw: string): string {
  const [headers = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(headers))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    const joined = body.replace(/=\r?\n/g, '');
    return Buffer.from(
      joined.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  }
  return body;
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: false });
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

/** Signs in through the API and answers the access token, for tests that prepare or look up data directly. */
export async function apiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/account/login', { data: { username: email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}
