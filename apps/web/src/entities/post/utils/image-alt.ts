import type { Post } from '@ray/shared/schemas/post';
import { postTruthStrings } from '@/i18n/post-truth.ar';
import { excerpt } from './truncate';

/** How much of the post's text names an image its author did not describe. */
const FALLBACK_EXCERPT = 60;

/**
 * The alt text of a post's image wherever it is shown (card, detail page, viewer): the author's description,
 * or, without one, that it is the image of this post («صورة مرفقة بمنشور: …»).
 */
export function imageAltOf(post: Pick<Post, 'imageAlt' | 'content'>): string {
  return post.imageAlt ?? postTruthStrings.image.fallbackAlt(excerpt(post.content, FALLBACK_EXCERPT));
}
