import { zodResolver } from '@hookform/resolvers/zod';
import { commentFormSchema, updateCommentSchema } from '@ray/shared/schemas/comment';

/** The comment forms' validation with its schemas, loaded on a form's first submit (comment-form-resolvers.ts). */
export const commentFormResolver = zodResolver(commentFormSchema);
export const updateCommentResolver = zodResolver(updateCommentSchema);
