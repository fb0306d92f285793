import { extractMentions } from '@ray/shared/mentions';
import type { Paged } from '@ray/shared/schemas/common';
import type { Post } from '@ray/shared/schemas/post';
import type { AppContext } from '../../lib/context';
import { mentionsOfTexts, notifyMentions } from '../notifications/mentions.service';
import { deliverNotifications } from '../notifications/notifications.service';

/**
 * Adds to each post the people its `@username`s name who exist, so views link those and leave the rest as text:
 * one query for a whole page, none when no post mentions anyone.
 */
export async function withMentions(ctx: AppContext, value: Post): Promise<Post>;
export async function withMentions(ctx: AppContext, value: Paged<Post>): Promise<Paged<Post>>;
export async function withMentions(ctx: AppContext, value: Post[]): Promise<Post[]>;
export async function withMentions(
  ctx: AppContext,
  value: Post | Paged<Post> | Post[],
): Promise<Post | Paged<Post> | Post[]> {
  const posts = Array.isArray(value) ? value : 'items' in value ? value.items : [value];
  const mentions = await mentionsOfTexts(
    ctx.database.db,
    posts.map((post) => post.content),
  );
  posts.forEach((post, index) => {
    post.mentions = mentions[index] ?? [];
  });
  return value;
}

/**
 * Tells the people a post mentions, after the post is written; on an edit only the newly mentioned hear of it
 * (each person is told once per post).
 */
export async function notifyPostMentions(
  ctx: AppContext,
  post: { id: number; content: string; authorId: string; isAnonymous: boolean },
): Promise<void> {
  if (extractMentions(post.content).length === 0) return;
  const created = await ctx.database.db.transaction((tx) =>
    notifyMentions(tx, {
      content: { kind: 'post', id: post.id },
      postId: post.id,
      text: post.content,
      authorId: post.authorId,
      isAnonymous: post.isAnonymous,
    }),
  );
  await deliverNotifications(ctx, created);
}
