import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { DESKTOP, PHONE, login, screenshot } from './support/helpers';

const HOUR = 3_600_000;

/** Publishes from the full editor and answers the new post's id (the editor opens the post). */
async function publish(page: Page, fill: () => Promise<void>, content: string): Promise<number> {
  await page.goto('/create-post');
  await page.getByLabel('محتوى المنشور').fill(content);
  await fill();
  await page.getByRole('button', { name: 'نشر', exact: true }).click();
  await expect(page).toHaveURL(/\/posts\/\d+$/);
  await expect(page.getByTestId('post-detail').getByText(content)).toBeVisible();
  return Number(/\/posts\/(\d+)/.exec(page.url())![1]);
}

for (const [name, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`edits, poll ends and image descriptions (${name})`, () => {
    test.use({ viewport });

    test('an edited post shows «معدّل» and its earlier text in the history dialog', async ({ page }) => {
      await login(page, 'abdullah@ray.sa', 'Demo1234');
      const before = `رأيي الأول في مقاهي جدة ${name}`;
      const after = `رأيي بعد التفكير في مقاهي جدة ${name}`;
      const id = await publish(page, async () => {}, before);
      await expect(page.getByTestId('post-detail').getByTestId('post-edited')).toHaveCount(0);

      await page.goto(`/posts/${id}/edit`);
      await page.getByLabel('محتوى المنشور').fill(after);
      await page.getByRole('button', { name: /حفظ/ }).click();
      await expect(page).toHaveURL(new RegExp(`/posts/${id}$`));
      const detail = page.getByTestId('post-detail');
      await expect(detail.getByText(after)).toBeVisible();

      await detail.getByRole('button', { name: 'معدّل' }).click();
      const dialog = page.getByRole('dialog', { name: 'النسخ السابقة' });
      await expect(dialog.getByTestId('post-version')).toHaveCount(1);
      await expect(dialog.getByTestId('post-version')).toContainText(before);
      await screenshot(page, `post-history-${name}`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      // The card in the feed carries the same mark.
      await page.goto('/');
      const card = page.getByTestId('post-card').filter({ hasText: after });
      await expect(card.getByRole('button', { name: 'معدّل' })).toBeVisible();
    });

    test('a one-hour poll shows its time left, and after its end locks with final results', async ({
      page,
      browser,
    }) => {
      await login(page, 'reem@ray.sa', 'Demo1234');
      const content = `متى تفضلون المشي في الحديقة؟ ${name}`;
      const id = await publish(
        page,
        async () => {
          await page.getByRole('radio', { name: 'استطلاع' }).check({ force: true });
          const inputs = page.getByRole('textbox', { name: /الخيار/ });
          await inputs.nth(0).fill('الصباح الباكر');
          await inputs.nth(1).fill('بعد المغرب');
          await page.getByLabel('مدة الاستطلاع').selectOption('1h');
        },
        content,
      );
      const detail = page.getByTestId('post-detail');
      await expect(detail.getByTestId('poll-time-left')).toHaveText(/^يتبقى (ساعة واحدة|\d+ دقيقة)$/);
      await expect(detail.getByRole('button', { name: /الصباح الباكر/ })).toBeEnabled();
      await page.goto('/');
      const card = page.getByTestId('post-card').filter({ hasText: content });
      await expect(card.getByTestId('poll-time-left')).toHaveText(/^يتبقى/);
      await screenshot(page, `poll-time-left-${name}`);

      // Two hours later, by the visitor's clock: ended, locked, results shown to someone who never voted.
      const later = await browser.newContext({ viewport, locale: 'ar-SA', timezoneId: 'Asia/Riyadh' });
      const visitor = await later.newPage();
      await visitor.clock.install({ time: new Date(Date.now() + 2 * HOUR) });
      await visitor.goto(`/posts/${id}`);
      const ended = visitor.getByTestId('post-detail');
      await expect(ended.getByTestId('poll-time-left')).toHaveText('انتهى الاستطلاع');
      await expect(ended.getByRole('button', { name: /الصباح الباكر/ })).toBeDisabled();
      await expect(ended.getByRole('button', { name: /بعد المغرب/ })).toContainText(/0\.0\s?٪/u);
      await later.close();
    });

    test('an image carries the description its author wrote as its alt, on the card and the detail page', async ({
      page,
    }) => {
      await login(page, 'haifa@ray.sa', 'Demo1234');
      const image = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#e9c46a' } })
        .png()
        .toBuffer();
      const alt = `كثبان رملية ذهبية تحت سماء صافية ${name}`;
      const content = `رحلة اليوم إلى الربع الخالي ${name}`;
      await publish(
        page,
        async () => {
          await page
            .getByLabel('إضافة صورة')
            .setInputFiles({ name: 'dunes.png', mimeType: 'image/png', buffer: image });
          const field = page.getByLabel('وصف الصورة');
          await field.fill(alt);
          await expect(page.getByText(`${alt.length}/200`)).toBeVisible();
        },
        content,
      );
      await expect(page.getByTestId('post-detail').getByRole('img', { name: alt })).toBeVisible();
      await page.goto('/');
      const card = page.getByTestId('post-card').filter({ hasText: content });
      await expect(card.locator('img[src*="/uploads/"]')).toHaveAttribute('alt', alt);
      await screenshot(page, `image-alt-${name}`);
    });
  });
}
