import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { DESKTOP, PHONE, login, screenshot } from './support/helpers';

const WIDTHS = [
  { name: 'phone', size: PHONE },
  { name: 'desktop', size: { width: 1366, height: 900 } },
] as const;

const PREVIEW = 'img[alt="معاينة الصورة المختارة"]';
const UNREADABLE = 'يجب أن يكون الملف صورة سليمة';
const WRONG_TYPE = 'يجب اختيار صورة بصيغة PNG أو JPG أو GIF أو WebP';
const TOO_LARGE = 'حجم الصورة يجب أن يكون أقل من 10 ميجابايت';
const ON_MAP = 'موقع على الخريطة';
const NAME_NOT_FOUND = 'تعذّر العثور على اسم هذا المكان، وسيظهر في منشورك رابطاً إلى الخريطة';

/** A spot in Jeddah, given more precisely than a post keeps it; the post stores it rounded to 21.54, 39.17. */
const JEDDAH = { latitude: 21.54321, longitude: 39.17289 };
const JEDDAH_MAP = 'https://www.openstreetmap.org/?mlat=21.54&mlon=39.17#map=16/21.54/39.17';

/** Brings an element to the middle of the screen, clear of the sticky header and the phone's tab bar. */
const centre = (element: Locator) =>
  element.evaluate((node) => {
    node.scrollIntoView({ block: 'center' });
  });

const pick = (page: Page, file: { name: string; mimeType: string; buffer: Buffer }) =>
  page.getByLabel('إضافة صورة').setInputFiles(file);

test.describe('forms that catch mistakes early', () => {
  test.use({ viewport: DESKTOP });

  for (const { name, size } of WIDTHS) {
    test(`the post image picker refuses what is not a picture and previews one that is (${name})`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      await login(page, 'noura@ray.sa', 'Demo1234');
      await page.goto('/create-post');
      await page.getByLabel('محتوى المنشور').fill('صورة الغروب من شرفة البيت اليوم');

      // A text file named .png: the browser reports it as a PNG, only decoding shows it is not one.
      await pick(page, {
        name: 'notes.png',
        mimeType: 'image/png',
        buffer: Buffer.from('هذه ملاحظات نصية وليست صورة', 'utf8'),
      });
      const refused = page.getByRole('alert').filter({ hasText: UNREADABLE });
      await expect(refused).toBeVisible();
      await expect(page.locator(PREVIEW)).toHaveCount(0);
      await expect(page.locator('img[src^="blob:"]')).toHaveCount(0);
      await centre(refused);
      await screenshot(page, `polish-forms-image-refused-${name}`);

      await pick(page, { name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7') });
      await expect(page.getByRole('alert').filter({ hasText: WRONG_TYPE })).toBeVisible();
      await expect(page.locator(PREVIEW)).toHaveCount(0);

      const huge = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ccc' } })
        .png()
        .toBuffer();
      await pick(page, {
        name: 'huge.png',
        mimeType: 'image/png',
        buffer: Buffer.concat([huge, Buffer.alloc(10 * 1024 * 1024)]),
      });
      await expect(page.getByRole('alert').filter({ hasText: TOO_LARGE })).toBeVisible();
      await expect(page.locator(PREVIEW)).toHaveCount(0);

      const photo = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#e76f51' } })
        .png()
        .toBuffer();
      await pick(page, { name: 'sunset.png', mimeType: 'image/png', buffer: photo });
      const preview = page.locator(PREVIEW);
      await expect(preview).toBeVisible();
      await expect
        .poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
        .toBe(640);
      await expect(page.getByRole('alert')).toHaveCount(0);
      await centre(preview);
      await screenshot(page, `polish-forms-image-preview-${name}`);
    });
  }

  test('a place the geocoder cannot name is kept, published and linked to the map everywhere', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      viewport: PHONE,
      geolocation: JEDDAH,
      permissions: ['geolocation'],
    });
    const page = await context.newPage();
    await login(page, 'noura@ray.sa', 'Demo1234');
    await page.goto('/create-post');
    const content = `قهوة الصباح على كورنيش جدة ${Date.now()}`;
    await page.getByLabel('محتوى المنشور').fill(content);
    // The e2e server's geocoder points at a closed port: the maps service is down.
    const lookup = page.waitForResponse((response) => response.url().includes('/api/geo/reverse'));
    await page.getByRole('button', { name: 'إضافة الموقع' }).click();
    expect((await lookup).status()).toBe(503);

    const draft = page.getByRole('link', { name: ON_MAP });
    await expect(draft).toHaveAttribute('href', JEDDAH_MAP);
    await expect(page.getByRole('status').filter({ hasText: NAME_NOT_FOUND })).toBeVisible();
    await centre(draft);
    await screenshot(page, 'polish-forms-location-composer-phone');

    await page.getByRole('button', { name: 'نشر', exact: true }).click();
    await expect(page).toHaveURL(/\/posts\/\d+$/);
    const id = Number(/\/posts\/(\d+)/.exec(page.url())![1]);
    const onPage = page.locator('article').first().getByRole('link', { name: ON_MAP });
    await expect(onPage).toHaveAttribute('href', JEDDAH_MAP);
    await expect(onPage).toHaveAttribute('target', '_blank');
    await expect(onPage).toHaveAttribute('rel', 'noopener');
    await screenshot(page, 'polish-forms-location-post-phone');

    const stored = await page.request.get(`/api/posts/${id}`);
    expect(await stored.json()).toMatchObject({ latitude: 21.54, longitude: 39.17, locationName: null });

    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/');
    // The first screen comes as every visitor gets it, the new post on it; the reader's own page then takes its
    // place. The card is looked at on that page.
    await expect(page.getByRole('button', { name: 'قائمة الحساب' })).toBeVisible();
    const card = page.locator(`[data-testid="post-card"][data-post-id="${id}"]`);
    await expect(card.getByRole('link', { name: ON_MAP })).toHaveAttribute('href', JEDDAH_MAP);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'polish-forms-location-card-desktop');
    await context.close();

    // The page as the server renders it, before any script: the same link.
    const visitor = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const plain = await visitor.newPage();
    await plain.goto(`/posts/${id}`);
    const rendered = plain.getByRole('link', { name: ON_MAP }).first();
    await expect(rendered).toHaveAttribute('href', JEDDAH_MAP);
    await expect(rendered).toHaveAttribute('rel', 'noopener');
    await visitor.close();
  });

  for (const { name, size } of WIDTHS) {
    test(`settings refuses a one-word full name with the registration message (${name})`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      await login(page, 'sara@ray.sa', 'Demo1234');
      await page.goto('/settings');
      const fullName = page.getByLabel('الاسم الكامل');
      await expect(fullName).not.toHaveValue('');
      const before = await fullName.inputValue();

      const sent: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'PUT' && request.url().endsWith('/api/users/profile'))
          sent.push(request.url());
      });
      await fullName.fill('سارة');
      await page.getByRole('button', { name: 'حفظ التغييرات' }).click();
      await expect(page.getByText('اسم العائلة مطلوب')).toBeVisible();
      await expect(fullName).toHaveAttribute('aria-invalid', 'true');
      // Refused in the page: nothing was sent.
      expect(sent).toEqual([]);
      await screenshot(page, `polish-forms-settings-name-${name}`);

      await fullName.fill('سارة ع');
      await page.getByRole('button', { name: 'حفظ التغييرات' }).click();
      await expect(page.getByText('اسم العائلة يجب أن يكون حرفين على الأقل')).toBeVisible();

      await page.reload();
      await expect(page.getByLabel('الاسم الكامل')).toHaveValue(before);
    });
  }

  test('the server refuses a one-word name from any client with the same message', async ({ request }) => {
    const signIn = await request.post('/api/account/login', {
      data: { username: 'sara@ray.sa', password: 'Demo1234' },
    });
    expect(signIn.status()).toBe(200);
    const { token } = (await signIn.json()) as { token: string };
    const response = await request.put('/api/users/profile', {
      headers: { authorization: `Bearer ${token}` },
      data: { firstName: 'سارة', lastName: '' },
    });
    expect(response.status()).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'اسم العائلة مطلوب' });
  });
});
