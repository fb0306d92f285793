import { normalizeArabic } from '@ray/shared/arabic';
import type { Post } from '@ray/shared/schemas/post';
import type { BlockResult, MuteResult } from '@ray/shared/schemas/privacy';
import type { PublicProfile } from '@ray/shared/schemas/profile';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { updatePostsInData } from '@/entities/post/api/post-cache';
import { postKeys } from '@/entities/post/api/post-keys';
import { api } from '@/lib/api-client';
import { privacyKeys } from './privacy-keys';
import { userKeys } from './user-keys';

export type Restriction = 'block' | 'mute';

/** `POST|DELETE /api/users/{id}/block`. */
export function setBlocked(userId: string, blocked: boolean): Promise<BlockResult> {
  const path = `/api/users/${encodeURIComponent(userId)}/block`;
  return blocked ? api.post<BlockResult>(path) : api.delete<BlockResult>(path);
}

/** `POST|DELETE /api/users/{id}/mute`. */
export function setMuted(userId: string, muted: boolean): Promise<MuteResult> {
  const path = `/api/users/${encodeURIComponent(userId)}/mute`;
  return muted ? api.post<MuteResult>(path) : api.delete<MuteResult>(path);
}

/**
 * Takes out of every loaded list of posts those `hides` matches, in place: the page stays where it is and the
 * rest of it does not move. The lists are read again afterwards, since the server's pages are now shorter.
 */
export function hidePostsInPlace(queryClient: QueryClient, hides: (post: Post) => boolean): void {
  queryClient.setQueriesData({ queryKey: postKeys.lists() }, (data: unknown) =>
    updatePostsInData(data, (post) => (hides(post) ? null : post)),
  );
}

/** Whether a post is one a muted word or `#tag` (its key from `mutedWordKey`) hides, as the server decides. */
export function matchesMutedWord(post: Post, key: string): boolean {
  if (key.startsWith('#')) {
    const tag = key.slice(1);
    return post.hashtags.some(({ hashtag }) => normalizeArabic(hashtag.name) === tag);
  }
  return normalizeArabic(post.content).includes(key);
}

interface RestrictInput {
  userId: string;
  kind: Restriction;
  /** The state wanted: true blocks or mutes, false undoes it. */
  on: boolean;
}

/**
 * Blocks, mutes, or undoes either. Blocking or muting takes the person's signed posts out of the loaded lists at
 * once (never anonymous ones, which stay outside both); then the profile, the people lists, the settings lists,
 * the post lists and the comments are read again.
 */
export function useRestrictUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, kind, on }: RestrictInput): Promise<BlockResult | MuteResult> =>
      kind === 'block' ? setBlocked(userId, on) : setMuted(userId, on),
    onSuccess: (_result, { userId, kind, on }) => {
      const key = userKeys.detail(userId);
      const profile = queryClient.getQueryData<PublicProfile>(key);
      if (profile) {
        queryClient.setQueryData<PublicProfile>(
          key,
          kind === 'block'
            ? { ...profile, isBlocked: on, isUnavailable: on, isFollowing: on ? false : profile.isFollowing }
            : { ...profile, isMuted: on },
        );
      }
      if (on) hidePostsInPlace(queryClient, (post) => !post.isAnonymous && post.user.userId === userId);
    },
    onSettled: (_result, _error, { userId }) => {
      void queryClient.invalidateQueries({ queryKey: userKeys.user(userId) });
      void queryClient.invalidateQueries({ queryKey: privacyKeys.all });
      void queryClient.invalidateQueries({ queryKey: postKeys.all });
      // Comments, replies and people lists of other pages hold the person too; they are read again when shown.
      void queryClient.invalidateQueries({
        predicate: (query) =>
          query.queryKey[0] !== postKeys.all[0] && query.queryKey[0] !== privacyKeys.all[0],
        refetchType: 'none',
      });
    },
  });
}
