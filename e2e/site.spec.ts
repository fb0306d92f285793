import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, MAIL_API, PHONE, login, screenshot } from './support/helpers';

/** The server's default SUPPORT_EMAIL: the browser tests run without one. */
const SUPPORT = 'support@ray.local';

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

test.describe('contact', () => {
  test('a visitor sees the Arabic validation messages, sends a message and can send another', async ({
    page,
  }) => {
    await page.goto('/contact');
    const submit = page.getByRole('button', { name: 'إرسال الرسالة' });
    await submit.click();
    await expect(page.getByText('الاسم مطلوب')).toBeVisible();
    await expect(page.getByText('البريد الإلكتروني مطلوب')).toBeVisible();
    await expect(page.getByText('يرجى اختيار التصنيف')).toBeVisible();
    await expect(page.getByText('الموضوع مطلوب')).toBeVisible();
    await expect(page.getByText('الرسالة مطلوبة')).toBeVisible();
    await expect(field(page, 'الاسم')).toHaveAttribute('aria-invalid', 'true');

    await field(page, 'الاسم').fill('س');
    await field(page, 'البريد الإلكتروني').fill('sara@example');
    await field(page, 'الموضوع').fill('سؤال');
    await field(page, 'الرسالة').fill('مرحباً');
    await submit.click();
    await expect(page.getByText('الاسم يجب أن يكون حرفين على الأقل')).toBeVisible();
    await expect(page.getByText('بريد إلكتروني غير صحيح')).toBeVisible();
    await expect(page.getByText('الموضوع يجب أن يكون 5 أحرف على الأقل')).toBeVisible();
    await expect(page.getByText('الرسالة يجب أن تكون 10 أحرف على الأقل')).toBeVisible();

    await field(page, 'الاسم').fill('سارة العتيبي');
    await field(page, 'البريد الإلكتروني').fill('sara.visitor@example.com');
    await field(page, 'التصنيف').selectOption({ label: 'مشكلة تقنية' });
    await field(page, 'الموضوع').fill('تعذّر رفع صورة');
    await field(page, 'الرسالة').fill('عند رفع صورة بصيغة PNG تظهر رسالة خطأ، ما الحل؟');
    await submit.click();

    const success = page.getByTestId('contact-success');
    await expect(success.getByRole('heading', { name: 'وصلتنا رسالتك' })).toBeVisible();
    await expect(success.getByRole('heading', { name: 'وصلتنا رسالتك' })).toBeFocused();
    await expect(success).toContainText('sara.visitor@example.com');
    await expect(success).toContainText('خلال 12 ساعة');
    await screenshot(page, 'contact-success-desktop');

    // The message is e-mailed to the support address.
    await expect
      .poll(
        async () => {
          const response = await fetch(`${MAIL_API}/?to=${encodeURIComponent(SUPPORT)}`);
          return ((await response.json()) as { raw: string }[]).length;
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThan(0);

    await success.getByRole('button', { name: 'إرسال رسالة أخرى' }).click();
    await expect(field(page, 'الاسم')).toBeFocused();
    await expect(field(page, 'الاسم')).toHaveValue('');
    await expect(field(page, 'الموضوع')).toHaveValue('');
    await expect(submit).toBeVisible();
  });

  test('a signed-in user finds the name filled in and the e-mail read-only', async ({ page }) => {
    await login(page, 'noura@ray.sa', 'Demo1234');
    await page.goto('/contact');
    const email = field(page, 'البريد الإلكتروني');
    await expect(email).toHaveValue('noura@ray.sa');
    await expect(email).toHaveAttribute('readonly', '');
    await expect(email).not.toBeEditable();
    await expect(page.getByText('سنرد على البريد المسجّل في حسابك.')).toBeVisible();
    await expect(field(page, 'الاسم')).toHaveValue('نورة القحطاني');

    await field(page, 'التصنيف').selectOption('suggestion');
    await field(page, 'الموضوع').fill('اقتراح: وضع ليلي');
    await field(page, 'الرسالة').fill('أتمنى إضافة وضع ليلي للقراءة في المساء.');
    await page.getByRole('button', { name: 'إرسال الرسالة' }).click();
    await expect(page.getByRole('heading', { name: 'وصلتنا رسالتك' })).toBeVisible();
    await expect(page.getByTestId('contact-success')).toContainText('noura@ray.sa');
  });

  test('shows the support e-mail and the stated response times', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('link', { name: SUPPORT })).toHaveAttribute('href', `mailto:${SUPPORT}`);
    const times = page.getByRole('region', { name: 'مدة الرد المتوقعة' });
    await expect(times).toContainText('الاستفسارات العامة');
    await expect(times).toContainText('خلال 24 ساعة');
    await expect(times).toContainText('خلال 12 ساعة');
    await expect(times).toContainText('خلال 48 ساعة');
  });
});

test.describe('faq', () => {
  test('finds a question written with another hamza form, opens it, and filters by category', async ({
    page,
  }) => {
    await page.goto('/faq');
    const items = page.getByTestId('faq-item');
    await expect(items).toHaveCount(22);

    const search = page.getByLabel('ابحث في الأسئلة');
    // The question says «إعلانات»; the query is typed with a bare alef.
    await search.fill('اعلانات');
    const ads = page.getByRole('button', { name: /لماذا أرى إعلانات في رأي؟/ });
    await expect(ads).toBeVisible();
    await expect.poll(() => items.count()).toBeLessThan(22);
    await expect(ads).toHaveAttribute('aria-expanded', 'false');
    await ads.click();
    await expect(ads).toHaveAttribute('aria-expanded', 'true');
    const answerId = await ads.getAttribute('aria-controls');
    await expect(page.locator(`[id="${answerId}"]`)).toContainText('مجانياً');
    await expect(page).toHaveURL(/q=/);

    // Ta marbuta written as ha.
    await search.fill('كلمه المرور');
    await expect(page.getByRole('button', { name: /نسيت كلمة المرور/ })).toBeVisible();

    await search.fill('قهوة فضائية');
    await expect(page.getByTestId('faq-empty')).toContainText('لم نجد سؤالاً يطابق بحثك');
    await page.getByRole('button', { name: 'عرض كل الأسئلة' }).click();
    await expect(items).toHaveCount(22);
    await expect(search).toHaveValue('');

    const chips = page.getByRole('group', { name: 'تصنيفات الأسئلة' });
    const privacy = chips.getByRole('button', { name: /^الخصوصية/ });
    await privacy.click();
    await expect(privacy).toHaveAttribute('aria-pressed', 'true');
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText('مجهولاً');
    await expect(page.getByRole('heading', { name: 'الخصوصية', level: 2 })).toBeVisible();

    await chips.getByRole('button', { name: /^الكل/ }).click();
    await expect(items).toHaveCount(22);
  });
});

test.describe('screenshots', () => {
  for (const [label, size] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    test(`contact and faq at ${label} width`, async ({ page }) => {
      await page.setViewportSize(size);
      await page.goto('/contact');
      await expect(page.getByRole('button', { name: 'إرسال الرسالة' })).toBeVisible();
      await screenshot(page, `contact-${label}`);
      await page.getByRole('button', { name: 'إرسال الرسالة' }).click();
      await expect(page.getByText('الاسم مطلوب')).toBeVisible();
      await page.getByRole('heading', { name: 'أرسل رسالة' }).scrollIntoViewIfNeeded();
      await screenshot(page, `contact-form-${label}`);
      await page.getByRole('heading', { name: 'مدة الرد المتوقعة' }).scrollIntoViewIfNeeded();
      await screenshot(page, `contact-info-${label}`);

      await page.goto('/faq');
      await expect(page.getByTestId('faq-item')).toHaveCount(22);
      await screenshot(page, `faq-${label}`);
      await page.getByRole('button', { name: /كيف أنشر رأياً جديداً؟/ }).click();
      await page.getByRole('button', { name: /كيف أنشر رأياً جديداً؟/ }).scrollIntoViewIfNeeded();
      await screenshot(page, `faq-open-${label}`);
      await page.getByLabel('ابحث في الأسئلة').fill('لا شيء يطابق هذا');
      await expect(page.getByTestId('faq-empty')).toBeVisible();
      await screenshot(page, `faq-empty-${label}`);
    });
  }
});
