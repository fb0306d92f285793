import { z } from 'zod';
import { COMMENT_MAX } from '../constants';
import { msg } from '../messages.ar';
import { cursorParam, pageSizeParam, pagedSchema } from './common';
import { pageParam } from './fields';
import { contentAuthorSchema, mentionTargetSchema } from './post';

/** A post id in a JSON body: a number, or a string of digits from clients that send ids as text. */
export const postIdField = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,16}$/, msg.postIdRequired)
        .transform(Number),
    ],
    { error: msg.postIdRequired },
  )
  .pipe(
    z
      .number()
      .int(msg.postIdRequired)
      .positive(msg.postIdRequired)
      .max(Number.MAX_SAFE_INTEGER, msg.postIdRequired),
  );

/** A post id in a query string. */
export const postIdQueryParam = z.coerce
  .number({ error: msg.postIdRequired })
  .int(msg.postIdRequired)
  .positive(msg.postIdRequired)
  .max(Number.MAX_SAFE_INTEGER, msg.postIdRequired);

/** PostgreSQL text cannot hold NUL, so it is refused here rather than failing in the database. */
export const noNul = (value: string) => !value.includes('\u0000');

const commentContentField = z
  .string({ error: msg.commentRequired })
  .trim()
  .min(1, msg.commentRequired)
  .max(COMMENT_MAX, msg.commentTooLong)
  .refine(noNul, msg.invalidValue);

/** `POST /api/comments`. */
export const createCommentSchema = z.object({
  postId: postIdField,
  content: commentContentField,
  isAnonymous: z.boolean({ error: msg.invalidValue }).default(false),
  /** The comment answered: a reply. A reply to a reply is filed under the same top-level comment. */
  parentId: postIdField.optional(),
});
export type CreateCommentPayload = z.input<typeof createCommentSchema>;

/** `PUT /api/comments/{id}`: only the text changes. */
export const updateCommentSchema = z.object({ content: commentContentField });
export type UpdateCommentPayload = z.input<typeof updateCommentSchema>;

/** The add-comment form on the post page. */
export const commentFormSchema = z.object({ content: commentContentField, isAnonymous: z.boolean() });
export type CommentForm = z.input<typeof commentFormSchema>;

/** Conversation order (oldest first) by default; `newest` for the most recent activity first. */
export const COMMENT_ORDERS = ['oldest', 'newest'] as const;
export type CommentOrder = (typeof COMMENT_ORDERS)[number];

export const commentsQuerySchema = z.object({
  postId: postIdQueryParam,
  order: z.enum(COMMENT_ORDERS, { error: msg.invalidValue }).default('oldest'),
  page: pageParam,
  pageSize: pageSizeParam,
  cursor: cursorParam.optional(),
});
export type CommentsQuery = z.input<typeof commentsQuerySchema>;

export const commentSchema = z.object({
  id: z.number().int(),
  postId: z.number().int(),
  content: z.string(),
  isAnonymous: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** For an anonymous comment the anonymous author (`ANONYMOUS_AUTHOR`), whoever asks: the author is never carried. */
  user: contentAuthorSchema,
  isOwner: z.boolean(),
  /** Hidden by moderation; only its author and moderators still see it. */
  isHidden: z.boolean(),
  /** The top-level comment a reply is filed under; null for a top-level comment. */
  parentId: z.number().int().nullable(),
  /** Visible replies under a top-level comment (0 for a reply). */
  replyCount: z.number().int(),
  /** The `@username`s of the text that name someone who exists; the rest are plain text. */
  mentions: z.array(mentionTargetSchema),
});
export type Comment = z.infer<typeof commentSchema>;

export const pagedCommentsSchema = pagedSchema(commentSchema);

/** `GET /api/comments/{id}/replies`: the replies under a top-level comment, oldest first. */
export const repliesQuerySchema = z.object({
  pageSize: pageSizeParam,
  cursor: cursorParam.optional(),
});
export type RepliesQuery = z.input<typeof repliesQuerySchema>;
