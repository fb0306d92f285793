import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { msg } from '../messages.ar';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  passwordStrength,
  refreshTokenSchema,
  registerFormSchema,
  registerSchema,
  resetPasswordFormSchema,
  resetPasswordSchema,
} from './auth';

/** Messages per field, in the order the schema reports them. */
function errorsOf(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[issue.path.join('.') || '_'] ??= []).push(issue.message);
  return errors;
}

describe('login form', () => {
  const valid = { username: 'sara@example.com', password: 'secret' };

  it('accepts an e-mail and a 6-character password, and defaults rememberMe to false', () => {
    expect(loginSchema.parse(valid)).toEqual({ ...valid, rememberMe: false });
    expect(loginSchema.parse({ ...valid, rememberMe: true }).rememberMe).toBe(true);
  });

  it('trims and lower-cases the e-mail', () => {
    expect(loginSchema.parse({ ...valid, username: '  Sara@Example.COM ' }).username).toBe(
      'sara@example.com',
    );
  });

  it('requires the e-mail', () => {
    expect(errorsOf(loginSchema, { password: 'secret' })).toEqual({ username: [msg.emailRequired] });
    expect(errorsOf(loginSchema, { ...valid, username: '' })).toEqual({ username: [msg.emailRequired] });
    expect(errorsOf(loginSchema, { ...valid, username: '   ' })).toEqual({ username: [msg.emailRequired] });
  });

  it.each(['sara', 'sara@', '@example.com', 'sara@example', 'sara example@x.com', 'سارة@مثال'])(
    'refuses %j as an e-mail',
    (username) => {
      expect(errorsOf(loginSchema, { ...valid, username })).toEqual({ username: [msg.emailInvalid] });
    },
  );

  it('refuses an e-mail longer than 254 characters', () => {
    expect(errorsOf(loginSchema, { ...valid, username: `${'a'.repeat(250)}@example.com` })).toEqual({
      username: [msg.emailInvalid],
    });
  });

  it('requires the password, then at least 6 characters', () => {
    expect(errorsOf(loginSchema, { username: valid.username })).toEqual({ password: [msg.passwordRequired] });
    expect(errorsOf(loginSchema, { ...valid, password: '' })).toEqual({
      password: [msg.passwordRequired, msg.passwordMin],
    });
    expect(errorsOf(loginSchema, { ...valid, password: '12345' })).toEqual({ password: [msg.passwordMin] });
    expect(loginSchema.safeParse({ ...valid, password: '123456' }).success).toBe(true);
  });

  it('bounds the password by its UTF-8 size, so hashing cost stays bounded', () => {
    expect(loginSchema.safeParse({ ...valid, password: 'a'.repeat(1024) }).success).toBe(true);
    expect(errorsOf(loginSchema, { ...valid, password: 'a'.repeat(1025) })).toEqual({
      password: [msg.passwordTooLong],
    });
    expect(errorsOf(loginSchema, { ...valid, password: 'س'.repeat(600) })).toEqual({
      password: [msg.passwordTooLong],
    });
  });
});

describe('register call and form', () => {
  const valid = {
    email: 'sara@example.com',
    password: 'Secret123',
    confirmPassword: 'Secret123',
    username: 'Sara99',
    firstName: 'سارة',
    lastName: 'العتيبي',
  };

  it('accepts a valid registration and trims the names', () => {
    expect(registerSchema.parse({ ...valid, firstName: ' سارة ', username: ' Sara99 ' })).toEqual({
      ...valid,
      firstName: 'سارة',
    });
  });

  it('names every missing field with its own message', () => {
    expect(errorsOf(registerSchema, {})).toEqual({
      email: [msg.emailRequired],
      password: [msg.passwordRequired],
      confirmPassword: [msg.confirmPasswordRequired],
      username: [msg.usernameRequired],
      firstName: [msg.firstNameRequired],
      lastName: [msg.lastNameRequired],
    });
  });

  it('requires a valid e-mail', () => {
    expect(errorsOf(registerSchema, { ...valid, email: 'sara.example.com' })).toEqual({
      email: [msg.emailInvalid],
    });
  });

  it('keeps usernames between 3 and 20 characters', () => {
    expect(errorsOf(registerSchema, { ...valid, username: '' })).toEqual({
      username: [msg.usernameRequired, msg.usernameMin, msg.usernameChars],
    });
    expect(errorsOf(registerSchema, { ...valid, username: 'ab' })).toEqual({ username: [msg.usernameMin] });
    expect(registerSchema.safeParse({ ...valid, username: 'abc' }).success).toBe(true);
    expect(registerSchema.safeParse({ ...valid, username: 'a'.repeat(20) }).success).toBe(true);
    expect(errorsOf(registerSchema, { ...valid, username: 'a'.repeat(21) })).toEqual({
      username: [msg.usernameMax],
    });
  });

  it.each(['sara_99', 'sara.99', 'sara 99', 'سارة99', 'sara-99', 'sára99'])(
    'refuses the username %j: letters and digits only',
    (username) => {
      expect(errorsOf(registerSchema, { ...valid, username })).toEqual({ username: [msg.usernameChars] });
    },
  );

  it('requires a password of at least 6 characters', () => {
    expect(errorsOf(registerSchema, { ...valid, password: '12345', confirmPassword: '12345' })).toEqual({
      password: [msg.passwordMin],
    });
  });

  it('requires the confirmation and refuses one that differs', () => {
    expect(errorsOf(registerSchema, { ...valid, confirmPassword: '' })).toEqual({
      confirmPassword: [msg.confirmPasswordRequired, msg.passwordMismatch],
    });
    expect(errorsOf(registerSchema, { ...valid, confirmPassword: 'Secret124' })).toEqual({
      confirmPassword: [msg.passwordMismatch],
    });
  });

  it('requires first and last names of at least 2 characters, after trimming', () => {
    expect(errorsOf(registerSchema, { ...valid, firstName: 'س', lastName: ' ع ' })).toEqual({
      firstName: [msg.firstNameMin],
      lastName: [msg.lastNameMin],
    });
    expect(errorsOf(registerSchema, { ...valid, firstName: '  ', lastName: '' })).toEqual({
      firstName: [msg.firstNameRequired, msg.firstNameMin],
      lastName: [msg.lastNameRequired, msg.lastNameMin],
    });
    expect(registerSchema.safeParse({ ...valid, firstName: 'سا', lastName: 'عل' }).success).toBe(true);
    expect(errorsOf(registerSchema, { ...valid, firstName: 'ا'.repeat(51) })).toEqual({
      firstName: [msg.nameTooLong],
    });
  });

  it('requires the terms to be accepted on the form, and does not send them', () => {
    expect(registerFormSchema.safeParse({ ...valid, acceptTerms: true }).success).toBe(true);
    expect(errorsOf(registerFormSchema, { ...valid, acceptTerms: false })).toEqual({
      acceptTerms: [msg.acceptTerms],
    });
    expect(registerSchema.parse({ ...valid, acceptTerms: true })).not.toHaveProperty('acceptTerms');
  });

  it('checks the confirmation on the form too', () => {
    expect(errorsOf(registerFormSchema, { ...valid, confirmPassword: 'other1', acceptTerms: true })).toEqual({
      confirmPassword: [msg.passwordMismatch],
    });
  });
});

describe('forgot-password form', () => {
  it('requires an e-mail that looks like one', () => {
    expect(forgotPasswordSchema.parse({ email: ' Sara@Example.com ' })).toEqual({
      email: 'sara@example.com',
    });
    expect(errorsOf(forgotPasswordSchema, {})).toEqual({ email: [msg.emailRequired] });
    expect(errorsOf(forgotPasswordSchema, { email: '' })).toEqual({ email: [msg.emailRequired] });
    expect(errorsOf(forgotPasswordSchema, { email: 'sara' })).toEqual({ email: [msg.emailInvalid] });
  });
});

describe('reset-password form and call', () => {
  it('requires the new password, at least 6 characters with letters and digits', () => {
    expect(errorsOf(resetPasswordFormSchema, { newPassword: '', confirmPassword: '' })).toEqual({
      newPassword: [msg.newPasswordRequired],
      confirmPassword: [msg.confirmPasswordRequired],
    });
    expect(errorsOf(resetPasswordFormSchema, { newPassword: 'ab1', confirmPassword: 'ab1' })).toEqual({
      newPassword: [msg.passwordMin],
    });
    expect(
      errorsOf(resetPasswordFormSchema, { newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' }),
    ).toEqual({ newPassword: [msg.passwordLettersDigits] });
    expect(
      errorsOf(resetPasswordFormSchema, { newPassword: '12345678', confirmPassword: '12345678' }),
    ).toEqual({ newPassword: [msg.passwordLettersDigits] });
    expect(
      resetPasswordFormSchema.safeParse({ newPassword: 'abc123', confirmPassword: 'abc123' }).success,
    ).toBe(true);
  });

  it('refuses a confirmation that differs', () => {
    expect(errorsOf(resetPasswordFormSchema, { newPassword: 'abc123', confirmPassword: 'abc124' })).toEqual({
      confirmPassword: [msg.passwordMismatch],
    });
  });

  it('counts Arabic letters and Arabic-Indic digits as letters and digits', () => {
    expect(
      resetPasswordFormSchema.safeParse({ newPassword: 'كلمةسر١٢٣', confirmPassword: 'كلمةسر١٢٣' }).success,
    ).toBe(true);
  });

  it('needs the token and e-mail of the link on the call', () => {
    expect(errorsOf(resetPasswordSchema, { newPassword: 'abc123' })).toEqual({
      token: [msg.resetInvalidLink],
      email: [msg.emailRequired],
    });
    expect(
      errorsOf(resetPasswordSchema, { token: '', email: 'sara@example.com', newPassword: 'abc123' }),
    ).toEqual({ token: [msg.resetInvalidLink] });
    expect(
      errorsOf(resetPasswordSchema, {
        token: 'x'.repeat(201),
        email: 'sara@example.com',
        newPassword: 'abc123',
      }),
    ).toEqual({ token: [msg.resetInvalidLink] });
    expect(
      resetPasswordSchema.parse({ token: 'tok', email: 'Sara@Example.com', newPassword: 'abc123' }).email,
    ).toBe('sara@example.com');
  });
});

describe('change-password form', () => {
  const valid = { currentPassword: 'Secret123', newPassword: 'Better456', confirmPassword: 'Better456' };

  it('accepts a different new password with letters and digits', () => {
    expect(changePasswordSchema.parse(valid)).toEqual(valid);
  });

  it('requires all three fields', () => {
    expect(errorsOf(changePasswordSchema, {})).toEqual({
      currentPassword: [msg.currentPasswordRequired],
      newPassword: [msg.newPasswordRequired],
      confirmPassword: [msg.confirmPasswordRequired],
    });
    expect(
      errorsOf(changePasswordSchema, { currentPassword: '', newPassword: '', confirmPassword: '' }),
    ).toEqual({
      currentPassword: [msg.currentPasswordRequired],
      newPassword: [msg.newPasswordRequired],
      confirmPassword: [msg.confirmPasswordRequired],
    });
  });

  it('requires at least 6 characters', () => {
    expect(
      errorsOf(changePasswordSchema, { ...valid, newPassword: 'ab12', confirmPassword: 'ab12' }),
    ).toEqual({ newPassword: [msg.passwordMin] });
  });

  it('requires the new password to differ from the current one', () => {
    expect(
      errorsOf(changePasswordSchema, { ...valid, newPassword: 'Secret123', confirmPassword: 'Secret123' }),
    ).toEqual({
      newPassword: [msg.passwordSameAsCurrent],
    });
  });

  it('requires letters and digits', () => {
    expect(
      errorsOf(changePasswordSchema, {
        ...valid,
        newPassword: 'lettersonly',
        confirmPassword: 'lettersonly',
      }),
    ).toEqual({
      newPassword: [msg.passwordLettersDigits],
    });
    expect(
      errorsOf(changePasswordSchema, { ...valid, newPassword: '98765432', confirmPassword: '98765432' }),
    ).toEqual({
      newPassword: [msg.passwordLettersDigits],
    });
  });

  it('requires the confirmation to equal the new password', () => {
    expect(errorsOf(changePasswordSchema, { ...valid, confirmPassword: 'Better457' })).toEqual({
      confirmPassword: [msg.passwordMismatch],
    });
  });

  it('bounds the current password', () => {
    expect(errorsOf(changePasswordSchema, { ...valid, currentPassword: 'a'.repeat(4097) })).toEqual({
      currentPassword: [msg.passwordTooLong],
    });
  });
});

describe('refresh call', () => {
  it('names a missing refresh token with the spec message', () => {
    expect(errorsOf(refreshTokenSchema, {})).toEqual({ refreshToken: [msg.noRefreshToken] });
    expect(errorsOf(refreshTokenSchema, { refreshToken: '' })).toEqual({
      refreshToken: [msg.noRefreshToken],
    });
  });
});

describe('password strength meter', () => {
  it.each([
    ['', 0, 'weak'],
    ['abc', 0, 'weak'],
    ['abcdef', 1, 'weak'],
    ['abcdefgh', 2, 'medium'],
    ['abcdef1', 2, 'medium'],
    ['abcdefg1', 3, 'medium'],
    ['Ab1!', 3, 'medium'],
    ['Abcdefg1', 4, 'strong'],
    ['abcdefg1!', 4, 'strong'],
    ['Abcdefg1!', 5, 'strong'],
  ] as const)('scores %j as %i (%s)', (password, score, level) => {
    expect(passwordStrength(password)).toEqual({ score, level });
  });

  it('gives a point for length 6 and another for length 8', () => {
    expect(passwordStrength('aaaaa').score).toBe(0);
    expect(passwordStrength('aaaaaa').score).toBe(1);
    expect(passwordStrength('aaaaaaa').score).toBe(1);
    expect(passwordStrength('aaaaaaaa').score).toBe(2);
  });

  it('needs both cases for the mixed-case point', () => {
    expect(passwordStrength('ABCDEFGH').score).toBe(2);
    expect(passwordStrength('ABCDEFGh').score).toBe(3);
  });
});
