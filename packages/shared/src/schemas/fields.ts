import { z } from 'zod';
import {
  EMAIL_MAX,
  NAME_MAX,
  NAME_MIN,
  PASSWORD_MAX_BYTES,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
} from '../constants';
import { msg } from '../messages.ar';

/** Field schemas reused by several forms, each carrying the Arabic messages of spec section 5. */

const utf8Length = (value: string) => new TextEncoder().encode(value).length;

export const emailField = z
  .string({ error: msg.emailRequired })
  .trim()
  .min(1, msg.emailRequired)
  .max(EMAIL_MAX, msg.emailInvalid)
  .pipe(z.email({ error: msg.emailInvalid }))
  .transform((value) => value.toLowerCase());

export const passwordField = z
  .string({ error: msg.passwordRequired })
  .min(1, msg.passwordRequired)
  .min(PASSWORD_MIN, msg.passwordMin)
  .refine((value) => utf8Length(value) <= PASSWORD_MAX_BYTES, msg.passwordTooLong);

/** Passwords chosen in change and reset forms must also mix letters and digits. */
export const strongPasswordField = passwordField.refine(
  (value) => /\p{L}/u.test(value) && /\p{N}/u.test(value),
  msg.passwordLettersDigits,
);

export const usernameField = z
  .string({ error: msg.usernameRequired })
  .trim()
  .min(1, msg.usernameRequired)
  .min(USERNAME_MIN, msg.usernameMin)
  .max(USERNAME_MAX, msg.usernameMax)
  .regex(/^[A-Za-z0-9]+$/, msg.usernameChars);

export const firstNameField = z
  .string({ error: msg.firstNameRequired })
  .trim()
  .min(1, msg.firstNameRequired)
  .min(NAME_MIN, msg.firstNameMin)
  .max(NAME_MAX, msg.nameTooLong);

export const lastNameField = z
  .string({ error: msg.lastNameRequired })
  .trim()
  .min(1, msg.lastNameRequired)
  .min(NAME_MIN, msg.lastNameMin)
  .max(NAME_MAX, msg.nameTooLong);

/** Positive integer ids arrive as strings in paths and queries. */
export const idParam = z.coerce
  .number({ error: msg.invalidValue })
  .int(msg.invalidValue)
  .positive(msg.invalidValue)
  .max(Number.MAX_SAFE_INTEGER, msg.invalidValue);

export const uuidParam = z.uuid({ error: msg.invalidValue });

export const pageParam = z.coerce
  .number({ error: msg.invalidValue })
  .int(msg.invalidValue)
  .min(1, msg.invalidValue)
  .max(100_000, msg.invalidValue)
  .default(1);
