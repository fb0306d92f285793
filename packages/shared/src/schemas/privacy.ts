import { z } from 'zod';
import { normalizeArabic } from '../arabic';
import { hashtagKey } from '../hashtags';
import { msg } from '../messages.ar';
import { cursorParam, pagedSchema, pageSizeParam } from './common';
import { pageParam } from './fields';
import { publicUserSchema } from './user';

/** How many words and hashtags one user may mute. */
export const MUTED_WORDS_MAX = 100;
export const MUTED_WORD_MAX_LENGTH = 50;

/** `POST|DELETE /api/users/{id}/block`: the state once the request is done. */
export const blockResultSchema = z.object({ isBlocked: z.boolean() });
export type BlockResult = z.infer<typeof blockResultSchema>;

/** `POST|DELETE /api/users/{id}/mute`: the state once the request is done. */
export const muteResultSchema = z.object({ isMuted: z.boolean() });
export type MuteResult = z.infer<typeof muteResultSchema>;

/** `GET /api/users/blocks` and `/api/users/mutes`: most recent first. */
export const privacyListQuerySchema = z.object({
  page: pageParam,
  pageSize: pageSizeParam,
  cursor: cursorParam.optional(),
});
export type PrivacyListQuery = z.input<typeof privacyListQuerySchema>;

/** A person in the caller's list of blocked or muted people, with the time it was done. */
export const restrictedUserSchema = publicUserSchema.extend({ since: z.string() });
export type RestrictedUser = z.infer<typeof restrictedUserSchema>;
export const pagedRestrictedUsersSchema = pagedSchema(restrictedUserSchema);

/**
 * What a muted word is matched as: a hashtag keeps its `#` and its tag key (the posts carrying that tag), any
 * other word is matched against the post's normalised text.
 */
export function mutedWordKey(word: string): string {
  const trimmed = word.trim();
  return trimmed.startsWith('#') ? `#${hashtagKey(trimmed)}` : normalizeArabic(trimmed);
}

/** `POST /api/users/muted-words`: a word or a `#hashtag`, 1 to 50 characters. */
export const mutedWordInputSchema = z.object({
  word: z
    .string({ error: msg.mutedWordRequired })
    .trim()
    .min(1, msg.mutedWordRequired)
    .max(MUTED_WORD_MAX_LENGTH, msg.mutedWordTooLong)
    .refine((word) => mutedWordKey(word).replace(/^#/, '').trim().length > 0, msg.mutedWordInvalid),
});
export type MutedWordInput = z.input<typeof mutedWordInputSchema>;

export const mutedWordSchema = z.object({
  id: z.number().int(),
  /** As the user wrote it. */
  word: z.string(),
  isHashtag: z.boolean(),
  createdAt: z.string(),
});
export type MutedWord = z.infer<typeof mutedWordSchema>;

export const mutedWordsQuerySchema = privacyListQuerySchema;
export const pagedMutedWordsSchema = pagedSchema(mutedWordSchema);

export const mutedWordIdParamsSchema = z.object({
  id: z.coerce.number({ error: msg.invalidValue }).int(msg.invalidValue).positive(msg.invalidValue),
});
