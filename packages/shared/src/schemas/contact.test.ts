import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { msg } from '../messages.ar';
import { CONTACT_CATEGORIES, contactMessageFormSchema, contactMessagesQuerySchema } from './contact';

/** Messages per field, in the order the schema reports them. */
function errorsOf(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[issue.path.join('.') || '_'] ??= []).push(issue.message);
  return errors;
}

const valid = {
  name: 'نورة',
  email: 'noura@example.com',
  subject: 'سؤال عن الحساب',
  message: 'كيف أغيّر اسم المستخدم الخاص بي؟',
  category: 'account',
};

describe('contact form', () => {
  it('accepts a complete message and trims every text field', () => {
    expect(
      contactMessageFormSchema.parse({
        name: '  نورة القحطاني ',
        email: ' Noura@Example.com ',
        subject: '  سؤال عن الحساب ',
        message: '\n كيف أغيّر اسم المستخدم الخاص بي؟ \n',
        category: 'account',
      }),
    ).toEqual({
      name: 'نورة القحطاني',
      email: 'noura@example.com',
      subject: 'سؤال عن الحساب',
      message: 'كيف أغيّر اسم المستخدم الخاص بي؟',
      category: 'account',
    });
  });

  it('drops a userId sent in the body: the sender comes from the access token', () => {
    expect(contactMessageFormSchema.parse({ ...valid, userId: 'someone-else' })).not.toHaveProperty('userId');
  });

  it('reports every missing field at once, in Arabic', () => {
    expect(errorsOf(contactMessageFormSchema, {})).toEqual({
      name: [msg.contactNameRequired],
      email: [msg.emailRequired],
      subject: [msg.contactSubjectRequired],
      message: [msg.contactMessageRequired],
      category: [msg.contactCategoryRequired],
    });
  });

  it('requires the name, at least 2 characters after trimming, at most 100', () => {
    expect(errorsOf(contactMessageFormSchema, { ...valid, name: '' })).toEqual({
      name: [msg.contactNameRequired, msg.contactNameMin],
    });
    expect(errorsOf(contactMessageFormSchema, { ...valid, name: '   ' })).toEqual({
      name: [msg.contactNameRequired, msg.contactNameMin],
    });
    expect(errorsOf(contactMessageFormSchema, { ...valid, name: ' ن ' })).toEqual({
      name: [msg.contactNameMin],
    });
    expect(contactMessageFormSchema.safeParse({ ...valid, name: 'نو' }).success).toBe(true);
    expect(contactMessageFormSchema.safeParse({ ...valid, name: 'ن'.repeat(100) }).success).toBe(true);
    expect(errorsOf(contactMessageFormSchema, { ...valid, name: 'ن'.repeat(101) })).toEqual({
      name: [msg.contactNameTooLong],
    });
  });

  it('requires the e-mail', () => {
    expect(errorsOf(contactMessageFormSchema, { ...valid, email: '' })).toEqual({
      email: [msg.emailRequired],
    });
    expect(errorsOf(contactMessageFormSchema, { ...valid, email: '  ' })).toEqual({
      email: [msg.emailRequired],
    });
  });

  it.each(['noura', 'noura@', '@example.com', 'noura@example', 'نورة@مثال', 'a b@example.com'])(
    'refuses %j as an e-mail',
    (email) => {
      expect(errorsOf(contactMessageFormSchema, { ...valid, email })).toEqual({ email: [msg.emailInvalid] });
    },
  );

  it('requires a subject of at least 5 characters, at most 200', () => {
    expect(errorsOf(contactMessageFormSchema, { ...valid, subject: '' })).toEqual({
      subject: [msg.contactSubjectRequired, msg.contactSubjectMin],
    });
    expect(errorsOf(contactMessageFormSchema, { ...valid, subject: ' سؤال ' })).toEqual({
      subject: [msg.contactSubjectMin],
    });
    expect(contactMessageFormSchema.safeParse({ ...valid, subject: 'سؤالي' }).success).toBe(true);
    expect(contactMessageFormSchema.safeParse({ ...valid, subject: 'س'.repeat(200) }).success).toBe(true);
    expect(errorsOf(contactMessageFormSchema, { ...valid, subject: 'س'.repeat(201) })).toEqual({
      subject: [msg.contactSubjectTooLong],
    });
  });

  it('requires a message of at least 10 characters, at most 5000', () => {
    expect(errorsOf(contactMessageFormSchema, { ...valid, message: '' })).toEqual({
      message: [msg.contactMessageRequired, msg.contactMessageMin],
    });
    expect(errorsOf(contactMessageFormSchema, { ...valid, message: '  شكراً لكم ' })).toEqual({
      message: [msg.contactMessageMin],
    });
    expect(contactMessageFormSchema.safeParse({ ...valid, message: 'مرحباً بكم!' }).success).toBe(true);
    expect(contactMessageFormSchema.safeParse({ ...valid, message: 'ر'.repeat(5000) }).success).toBe(true);
    expect(errorsOf(contactMessageFormSchema, { ...valid, message: 'ر'.repeat(5001) })).toEqual({
      message: [msg.contactMessageTooLong],
    });
  });

  it.each(CONTACT_CATEGORIES)('accepts the category %s', (category) => {
    expect(contactMessageFormSchema.parse({ ...valid, category }).category).toBe(category);
  });

  it.each(['', 'billing', 'General', 3, null])('refuses %j as a category', (category) => {
    expect(errorsOf(contactMessageFormSchema, { ...valid, category })).toEqual({
      category: [msg.contactCategoryRequired],
    });
  });

  it('offers exactly the seven categories of the specification', () => {
    expect(CONTACT_CATEGORIES).toEqual([
      'general',
      'technical',
      'account',
      'content',
      'suggestion',
      'business',
      'other',
    ]);
  });

  it('refuses text fields of the wrong type and NUL characters, which PostgreSQL cannot store', () => {
    expect(errorsOf(contactMessageFormSchema, { ...valid, name: 42, subject: true })).toEqual({
      name: [msg.contactNameRequired],
      subject: [msg.contactSubjectRequired],
    });
    expect(errorsOf(contactMessageFormSchema, { ...valid, message: 'رسالة فيها \u0000 محرف' })).toEqual({
      message: [msg.invalidValue],
    });
  });
});

describe('admin list query', () => {
  it('defaults to 20 a page, newest first, every message', () => {
    expect(contactMessagesQuerySchema.parse({})).toEqual({ page: 1, pageSize: 20 });
  });

  it('reads the unread filter from the query string', () => {
    expect(contactMessagesQuerySchema.parse({ unread: 'true' }).unread).toBe(true);
    expect(contactMessagesQuerySchema.parse({ unread: 'false' }).unread).toBe(false);
    expect(contactMessagesQuerySchema.safeParse({ unread: 'yes' }).success).toBe(false);
  });

  it('refuses a page size above 50 and a malformed cursor', () => {
    expect(contactMessagesQuerySchema.safeParse({ pageSize: '51' }).success).toBe(false);
    expect(contactMessagesQuerySchema.safeParse({ cursor: 'not a cursor!' }).success).toBe(false);
  });
});
