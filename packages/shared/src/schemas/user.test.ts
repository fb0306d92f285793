import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { msg } from '../messages.ar';
import { settingsProfileFormSchema, splitFullName, updateProfileSchema } from './user';

function errorsOf(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[issue.path.join('.') || '_'] ??= []).push(issue.message);
  return errors;
}

describe('splitFullName', () => {
  it.each([
    ['سارة العتيبي', 'سارة', 'العتيبي'],
    ['عبد الله بن سعيد', 'عبد', 'الله بن سعيد'],
    ['ريم', 'ريم', ''],
    ['  ريم   خالد  ', 'ريم', 'خالد'],
    ['Sara\tAl Otaibi', 'Sara', 'Al Otaibi'],
    ['نورة\nالحربي', 'نورة', 'الحربي'],
    ['', '', ''],
    ['   ', '', ''],
  ])('splits %j on the first space', (fullName, firstName, lastName) => {
    expect(splitFullName(fullName)).toEqual({ firstName, lastName });
  });
});

describe('settings profile form', () => {
  it('accepts a full name and a bio', () => {
    expect(settingsProfileFormSchema.parse({ fullName: ' سارة العتيبي ', bio: ' مهندسة ' })).toEqual({
      fullName: 'سارة العتيبي',
      bio: 'مهندسة',
    });
  });

  it('requires the full name, at least 2 characters', () => {
    expect(errorsOf(settingsProfileFormSchema, { fullName: '', bio: '' })).toEqual({
      fullName: [msg.fullNameRequired, msg.firstNameMin],
    });
    expect(errorsOf(settingsProfileFormSchema, { fullName: '   ', bio: '' })).toEqual({
      fullName: [msg.fullNameRequired, msg.firstNameMin],
    });
    expect(errorsOf(settingsProfileFormSchema, { fullName: 'س', bio: '' })).toEqual({
      fullName: [msg.firstNameMin],
    });
    expect(settingsProfileFormSchema.safeParse({ fullName: 'سا', bio: '' }).success).toBe(true);
  });

  it('bounds the full name to two names and a space', () => {
    expect(settingsProfileFormSchema.safeParse({ fullName: 'ا'.repeat(101), bio: '' }).success).toBe(true);
    expect(errorsOf(settingsProfileFormSchema, { fullName: 'ا'.repeat(102), bio: '' })).toEqual({
      fullName: [msg.nameTooLong],
    });
  });

  it('keeps the bio to 300 characters', () => {
    expect(settingsProfileFormSchema.safeParse({ fullName: 'سارة', bio: 'ب'.repeat(300) }).success).toBe(
      true,
    );
    expect(errorsOf(settingsProfileFormSchema, { fullName: 'سارة', bio: 'ب'.repeat(301) })).toEqual({
      bio: [msg.bioTooLong],
    });
  });
});

describe('profile update call', () => {
  it('leaves the last name empty for a one-word name, given or omitted', () => {
    expect(updateProfileSchema.parse({ firstName: 'ريم', lastName: '' })).toEqual({
      firstName: 'ريم',
      lastName: '',
      bio: null,
    });
    expect(updateProfileSchema.parse({ firstName: 'ريم' })).toEqual({
      firstName: 'ريم',
      lastName: '',
      bio: null,
    });
    expect(updateProfileSchema.parse({ ...splitFullName('ريم'), bio: '' })).toEqual({
      firstName: 'ريم',
      lastName: '',
      bio: null,
    });
  });

  it('takes the split of a full name as it is', () => {
    expect(updateProfileSchema.parse({ ...splitFullName('عبد الله بن سعيد'), bio: 'أحب القهوة' })).toEqual({
      firstName: 'عبد',
      lastName: 'الله بن سعيد',
      bio: 'أحب القهوة',
    });
  });

  it('requires a first name of at least 2 characters', () => {
    expect(errorsOf(updateProfileSchema, {})).toEqual({ firstName: [msg.firstNameRequired] });
    expect(errorsOf(updateProfileSchema, { firstName: 'س' })).toEqual({ firstName: [msg.firstNameMin] });
  });

  it('refuses a one-letter last name but not an empty one', () => {
    expect(errorsOf(updateProfileSchema, { firstName: 'سارة', lastName: 'ع' })).toEqual({
      lastName: [msg.lastNameMin],
    });
    expect(errorsOf(updateProfileSchema, { firstName: 'سارة', lastName: ' ع ' })).toEqual({
      lastName: [msg.lastNameMin],
    });
  });

  it('bounds names to 50 characters', () => {
    expect(errorsOf(updateProfileSchema, { firstName: 'ا'.repeat(51), lastName: 'ب'.repeat(51) })).toEqual({
      firstName: [msg.nameTooLong],
      lastName: [msg.nameTooLong],
    });
  });

  it('trims the bio, stores an empty one as null and refuses 301 characters', () => {
    expect(updateProfileSchema.parse({ firstName: 'سارة', bio: '  مرحبا  ' }).bio).toBe('مرحبا');
    expect(updateProfileSchema.parse({ firstName: 'سارة', bio: '   ' }).bio).toBeNull();
    expect(updateProfileSchema.parse({ firstName: 'سارة', bio: null }).bio).toBeNull();
    expect(updateProfileSchema.parse({ firstName: 'سارة', bio: 'ب'.repeat(300) }).bio).toHaveLength(300);
    expect(errorsOf(updateProfileSchema, { firstName: 'سارة', bio: 'ب'.repeat(301) })).toEqual({
      bio: [msg.bioTooLong],
    });
  });

  it('drops fields the form does not own', () => {
    expect(updateProfileSchema.parse({ firstName: 'سارة', email: 'x@example.com', role: 'admin' })).toEqual({
      firstName: 'سارة',
      lastName: '',
      bio: null,
    });
  });
});
