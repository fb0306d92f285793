import type { Post } from '@ray/shared/schemas/post';
import { createContext, use, type ReactNode } from 'react';

/**
 * The parts of a post card that other features own: voting under the text (votes) and the dialog the menu opens
 * to report the post (reports). An entity imports no feature, so the app hands them in once around its routes
 * (`app/post-card-slots.tsx`), and every page that lists posts shows them without importing either feature.
 */
export interface PostCardSlots {
  voting: (post: Post) => ReactNode;
  /** Rendered while the report dialog is open; `onOpenChange(false)` closes it. */
  reportDialog: (post: Post, onOpenChange: (open: boolean) => void) => ReactNode;
  /** Rendered while the dialog that blocks or mutes the post's (signed) author is open. */
  restrictDialog: (post: Post, kind: 'block' | 'mute', onOpenChange: (open: boolean) => void) => ReactNode;
}

export const PostCardSlotsContext = createContext<PostCardSlots>({
  voting: () => null,
  reportDialog: () => null,
  restrictDialog: () => null,
});

export function usePostCardSlots(): PostCardSlots {
  return use(PostCardSlotsContext);
}
