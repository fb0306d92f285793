import { z } from 'zod';
import { BIO_MAX, NAME_MAX, NAME_MIN } from '../constants';
import { msg } from '../messages.ar';
import { firstNameField } from './fields';

export const ROLES = ['user', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const currentUserSchema = z.object({
  userId: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  /** Whether the address in `email` was confirmed (through the mailed link, or by the social provider). */
  emailVerified: z.boolean(),
  bio: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  createdAt: z.string(),
  isGuest: z.boolean(),
  role: z.enum(ROLES),
  /** The end of a running suspension (no posting, commenting or voting), else null; shown to its user only. */
  suspendedUntil: z.string().nullable(),
  /** False for an account made through a social sign-in that never chose a password. */
  hasPassword: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** What anyone may see of a user. */
export const publicUserSchema = z.object({
  userId: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  displayName: z.string(),
  bio: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

const bioField = z.string().trim().max(BIO_MAX, msg.bioTooLong);

export const updateProfileSchema = z.object({
  firstName: firstNameField,
  /** A one-word full name leaves the last name empty. */
  lastName: z
    .string()
    .trim()
    .max(NAME_MAX, msg.nameTooLong)
    .refine((value) => value.length === 0 || value.length >= NAME_MIN, msg.lastNameMin)
    .default(''),
  bio: bioField
    .nullable()
    .optional()
    .transform((value) => (value ? value : null)),
});
export type UpdateProfilePayload = z.input<typeof updateProfileSchema>;

/** The settings form edits one full name, split on the first space (spec section 5). */
export const settingsProfileFormSchema = z.object({
  fullName: z
    .string()
    .trim()
    .min(1, msg.fullNameRequired)
    .min(NAME_MIN, msg.firstNameMin)
    .max(NAME_MAX * 2 + 1, msg.nameTooLong),
  bio: bioField,
});
export type SettingsProfileForm = z.input<typeof settingsProfileFormSchema>;

export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const trimmed = fullName.trim().replace(/\s+/g, ' ');
  const space = trimmed.indexOf(' ');
  if (space === -1) return { firstName: trimmed, lastName: '' };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1) };
}

export const profileNameResponseSchema = z.object({
  userId: z.string(),
  displayName: z.string(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
});

export const uploadResultSchema = z.object({ url: z.string(), thumbnailUrl: z.string().optional() });
export type UploadResult = z.infer<typeof uploadResultSchema>;
