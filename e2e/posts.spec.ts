import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { DESKTOP, PHONE, login, logout, screenshot } from './support/helpers';

async function createFromPage(
  page: Page,
  options: {
    content: string;
    type?: 'استطلاع' | 'تقييم بالنجوم';
    options?: string[];
    anonymous?: boolean;
    image?: Buffer;
  },
) {
  await page.goto('/create-post');
  await page.getByLabel('محتوى المنشور').fill(options.content);
  if (options.type) {
    // The radio itself is visually hidden inside its card; the card is what a person clicks.
    const radio = page.getByRole('radio', { name: options.type });
    await radio.check({ force: true });
    await expect(radio).toBeChecked();
  }
  if (options.options) {
    const inputs = page.getByRole('textbox', { name: /الخيار/ });
    for (const [index, text] of options.options.entries()) {
      if (index >= (await inputs.count())) await page.getByRole('button', { name: /إضافة خيار/ }).click();
      await inputs.nth(index).fill(text);
    }
  }
  if (options.anonymous) await page.getByLabel('نشر كمجهول').check();
  if (options.image)
    await page
      .getByLabel('إضافة صورة')
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: options.image });
  await page.getByRole('button', { name: 'نشر', exact: true }).click();
  await expect(page).toHaveURL(/\/posts\/\d+$/);
  await expect(page.getByText(options.content.split(' #')[0]!).first()).toBeVisible();
  return Number(/\/posts\/(\d+)/.exec(page.url())![1]);
}

test.describe('posts and voting', () => {
  test('creates a post of every voting type, one with an image and one anonymous, and another account votes', async ({
    page,
  }) => {
    await login(page, 'reem@ray.sa', 'Demo1234');
    const image = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#2a9d8f' } })
      .png()
      .toBuffer();
    const likeId = await createFromPage(page, {
      content: 'القهوة العربية أفضل من أي قهوة أخرى #قهوة_سعودية',
      image,
    });
    await expect(page.locator('img[src*="/uploads/"]').first()).toBeVisible();
    const ratingId = await createFromPage(page, {
      content: 'قيّموا فيلم السهرة الذي شاهدته البارحة',
      type: 'تقييم بالنجوم',
    });
    const pollId = await createFromPage(page, {
      content: 'أي فصل تحبون أكثر في السنة؟',
      type: 'استطلاع',
      options: ['الشتاء', 'الصيف', 'الربيع'],
    });
    const anonymousId = await createFromPage(page, {
      content: 'رأي صريح لا أريد أن أكتبه باسمي أبداً',
      anonymous: true,
    });
    await expect(page.getByText('مجهول', { exact: true }).first()).toBeVisible();
    await logout(page);

    await login(page, 'turki@ray.sa', 'Demo1234');
    await page.goto(`/posts/${likeId}`);
    const like = page.getByRole('button', { name: /^أعجبني/ });
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(like).toContainText('1');

    await page.goto(`/posts/${ratingId}`);
    await page.getByRole('button', { name: 'تقييم 4 من 5' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'تم التقييم بـ 4 نجوم' })).toBeVisible();

    await page.goto(`/posts/${pollId}`);
    await page.getByRole('button', { name: /الصيف/ }).click();
    await expect(page.getByRole('button', { name: /الصيف/ })).toContainText(/100\.0\s?٪/u);
    await expect(page.getByRole('button', { name: /الشتاء/ })).toBeDisabled();

    await page.goto(`/posts/${anonymousId}`);
    await expect(page.getByText('مجهول', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'ريم الشهري' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'خيارات المنشور' }).first()).toBeVisible();
    await page.getByRole('button', { name: 'خيارات المنشور' }).first().click();
    await expect(page.getByRole('menuitem', { name: 'تعديل' })).toHaveCount(0);
  });

  test('edits and deletes an own post', async ({ page }) => {
    await login(page, 'abdullah@ray.sa', 'Demo1234');
    const id = await createFromPage(page, { content: 'منشور سأعدله بعد قليل للتجربة' });
    await page.goto(`/posts/${id}/edit`);
    await page.getByLabel('محتوى المنشور').fill('منشور بعد التعديل مع وسم #تجربة');
    await page.getByRole('button', { name: /حفظ/ }).click();
    await expect(page).toHaveURL(new RegExp(`/posts/${id}$`));
    await expect(page.getByText('منشور بعد التعديل مع وسم')).toBeVisible();
    await expect(page.getByRole('link', { name: '#تجربة' })).toBeVisible();

    await page.getByRole('button', { name: 'خيارات المنشور' }).first().click();
    await page.getByRole('menuitem', { name: 'حذف' }).click();
    await page.getByRole('dialog').getByRole('button', { name: /حذف/ }).click();
    await expect(page.getByText('تم حذف المنشور بنجاح')).toBeVisible();
    await page.goto(`/posts/${id}`);
    await expect(page.getByText('لم يتم العثور على المنشور').first()).toBeVisible();
  });

  test('publishes from the quick-post modal and shows it first in the feed', async ({ page }) => {
    await login(page, 'haifa@ray.sa', 'Demo1234');
    await page.goto('/');
    await page.getByRole('button', { name: 'إنشاء منشور' }).click();
    await page.getByRole('menuitem', { name: /منشور سريع/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('محتوى المنشور').fill('منشور سريع من النافذة المنبثقة');
    await dialog.getByRole('button', { name: 'نشر', exact: true }).click();
    await expect(page.getByText('تم إنشاء المنشور بنجاح!')).toBeVisible();
    await expect(page.getByTestId('post-card').first()).toContainText('منشور سريع من النافذة المنبثقة');
  });

  for (const [label, size] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    test(`home feed and post detail at ${label} width`, async ({ page }) => {
      await page.setViewportSize(size);
      await page.goto('/');
      await expect(page.getByTestId('post-card').first()).toBeVisible();
      await screenshot(page, `feed-${label}`);
      await page
        .getByTestId('post-card')
        .first()
        .screenshot({ path: `e2e/.artifacts/screenshots/card-${label}.png` });
      const href = await page
        .getByTestId('post-card')
        .nth(1)
        .locator('a[href^="/posts/"]')
        .first()
        .getAttribute('href');
      await page.goto(href?.replace('#comments', '') ?? '/posts/1');
      await expect(page.getByRole('button', { name: /رجوع|العودة/ }).first()).toBeVisible();
      await screenshot(page, `detail-${label}`);
    });
  }
});
