import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { msg } from '../messages.ar';
import { registerSchema } from './auth';
import { settingsProfileFormSchema, splitFullName, updateProfileSchema } from './user';

const registration = {
  email: 'sara@example.com',
  password: 'Qahwa2030',
  confirmPassword: 'Qahwa2030',
  username: 'sara2030',
  firstName: 'سارة',
  lastName: 'العتيبي',
};

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
    expect(settingsProfileFormSchema.safeParse({ fullName: 'سا عل', bio: '' }).success).toBe(true);
  });

  it('requires the full name', () => {
    expect(errorsOf(settingsProfileFormSchema, { fullName: '', bio: '' })).toEqual({
      fullName: [msg.fullNameRequired],
    });
    expect(errorsOf(settingsProfileFormSchema, { fullName: '   ', bio: '' })).toEqual({
      fullName: [msg.fullNameRequired],
    });
    expect(errorsOf(settingsProfileFormSchema, { bio: '' })).toEqual({ fullName: [msg.fullNameRequired] });
  });

  it('refuses a one-word name with the message registration gives for a missing last name', () => {
    expect(errorsOf(settingsProfileFormSchema, { fullName: 'سارة', bio: '' })).toEqual({
      fullName: [msg.lastNameRequired, msg.lastNameMin],
    });
    expect(errorsOf(registerSchema, { ...registration, firstName: 'سارة', lastName: '' })).toEqual({
      lastName: [msg.lastNameRequired, msg.lastNameMin],
    });
  });

  it('checks each name as registration does, in the same words', () => {
    for (const [fullName, firstName, lastName] of [
      ['س العتيبي', 'س', 'العتيبي'],
      ['سارة ع', 'سارة', 'ع'],
      ['س ع', 'س', 'ع'],
      [`${'ا'.repeat(51)} العتيبي`, 'ا'.repeat(51), 'العتيبي'],
      [`سارة ${'ب'.repeat(51)}`, 'سارة', 'ب'.repeat(51)],
    ] as const) {
      const registered = errorsOf(registerSchema, { ...registration, firstName, lastName });
      expect(errorsOf(settingsProfileFormSchema, { fullName, bio: '' })).toEqual({
        fullName: [...(registered.firstName ?? []), ...(registered.lastName ?? [])],
      });
    }
  });

  it('keeps the bio to 300 characters', () => {
    expect(
      settingsProfileFormSchema.safeParse({ fullName: 'سارة العتيبي', bio: 'ب'.repeat(300) }).success,
    ).toBe(true);
    expect(errorsOf(settingsProfileFormSchema, { fullName: 'سارة العتيبي', bio: 'ب'.repeat(301) })).toEqual({
      bio: [msg.bioTooLong],
    });
  });
});

describe('profile update call', () => {
  it('takes the split of a full name as it is', () => {
    expect(updateProfileSchema.parse({ ...splitFullName('عبد الله بن سعيد'), bio: 'أحب القهوة' })).toEqual({
      firstName: 'عبد',
      lastName: 'الله بن سعيد',
      bio: 'أحب القهوة',
    });
  });

  it('requires a first name of at least 2 characters', () => {
    expect(errorsOf(updateProfileSchema, { lastName: 'العتيبي' })).toEqual({
      firstName: [msg.firstNameRequired],
    });
    expect(errorsOf(updateProfileSchema, { firstName: 'س', lastName: 'العتيبي' })).toEqual({
      firstName: [msg.firstNameMin],
    });
  });

  it('requires a last name of at least 2 characters, as registration does', () => {
    expect(errorsOf(updateProfileSchema, { firstName: 'ريم' })).toEqual({ lastName: [msg.lastNameRequired] });
    expect(errorsOf(updateProfileSchema, { ...splitFullName('ريم'), bio: '' })).toEqual({
      lastName: [msg.lastNameRequired, msg.lastNameMin],
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
    const names = { firstName: 'سارة', lastName: 'العتيبي' };
    expect(updateProfileSchema.parse({ ...names, bio: '  مرحبا  ' }).bio).toBe('مرحبا');
    expect(updateProfileSchema.parse({ ...names, bio: '   ' }).bio).toBeNull();
    expect(updateProfileSchema.parse({ ...names, bio: null }).bio).toBeNull();
    expect(updateProfileSchema.parse({ ...names, bio: 'ب'.repeat(300) }).bio).toHaveLength(300);
    expect(errorsOf(updateProfileSchema, { ...names, bio: 'ب'.repeat(301) })).toEqual({
      bio: [msg.bioTooLong],
    });
  });

  it('drops fields the form does not own', () => {
    expect(
      updateProfileSchema.parse({
        firstName: 'سارة',
        lastName: 'العتيبي',
        email: 'x@example.com',
        role: 'admin',
      }),
    ).toEqual({ firstName: 'سارة', lastName: 'العتيبي', bio: null });
  });
});
