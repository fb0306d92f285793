import { zodResolver } from '@hookform/resolvers/zod';
import { commentFormSchema, updateCommentSchema } from '@ray/shared/schemas/comment';

/** The comment forms' validation, loaded on their first submit (lib/lazy-resolver.ts). */
export const commentFormResolver = zodResolver(commentFormSchema);
export const updateCommentResolver = zodResolver(updateCommentSchema);
