import { z } from 'zod';
import { BIO_MAX } from '../constants';
import { msg } from '../messages.ar';
import { firstNameField, lastNameField } from './fields';

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

/** The names follow the rules of registration: a first and a last name, each of two letters or more. */
export const updateProfileSchema = z.object({
  firstName: firstNameField,
  lastName: lastNameField,
  bio: bioField
    .nullable()
    .optional()
    .transform((value) => (value ? value : null)),
});
export type UpdateProfilePayload = z.input<typeof updateProfileSchema>;

export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const trimmed = fullName.trim().replace(/\s+/g, ' ');
  const space = trimmed.indexOf(' ');
  if (space === -1) return { firstName: trimmed, lastName: '' };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1) };
}

/**
 * The settings form edits one full name, split on the first space (spec section 5); each part is checked by the
 * field registration uses, with its message, so a name refused there is refused here in the same words.
 */
export const settingsProfileFormSchema = z.object({
  fullName: z
    .string({ error: msg.fullNameRequired })
    .trim()
    .superRefine((value, ctx) => {
      if (value.length === 0) {
        ctx.addIssue({ code: 'custom', message: msg.fullNameRequired });
        return;
      }
      const { firstName, lastName } = splitFullName(value);
      for (const issue of [
        ...(firstNameField.safeParse(firstName).error?.issues ?? []),
        ...(lastNameField.safeParse(lastName).error?.issues ?? []),
      ])
        ctx.addIssue({ code: 'custom', message: issue.message });
    }),
  bio: bioField,
});
export type SettingsProfileForm = z.input<typeof settingsProfileFormSchema>;

export const profileNameResponseSchema = z.object({
  userId: z.string(),
  displayName: z.string(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
});

export const uploadResultSchema = z.object({ url: z.string(), thumbnailUrl: z.string().optional() });
export type UploadResult = z.infer<typeof uploadResultSchema>;
