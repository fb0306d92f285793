import type { CommentForm, UpdateCommentPayload } from '@ray/shared/schemas/comment';
import { lazyResolver } from '@/lib/lazy-resolver';

/** What the comment, reply and edit forms validate with; the schemas load on a form's first submit. */
export const commentResolver = lazyResolver<CommentForm, { content: string; isAnonymous: boolean }>(() =>
  import('./comment-validation').then((module) => module.commentFormResolver),
);
export const updateCommentResolver = lazyResolver<UpdateCommentPayload, { content: string }>(() =>
  import('./comment-validation').then((module) => module.updateCommentResolver),
);
