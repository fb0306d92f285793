import type { FollowPayload } from '@ray/shared/schemas/follow';
import type { PublicProfile } from '@ray/shared/schemas/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postKeys } from '@/entities/post/api/post-keys';
import { api } from '@/lib/api-client';
import { userKeys } from './user-keys';

/** `POST /api/users/follow`; `followerId` must be the signed-in user. */
export function followUser(payload: FollowPayload): Promise<boolean> {
  return api.post<boolean>('/api/users/follow', payload);
}

/** `POST /api/users/unfollow`. */
export function unfollowUser(payload: FollowPayload): Promise<boolean> {
  return api.post<boolean>('/api/users/unfollow', payload);
}

interface ToggleFollow {
  followerId: string;
  followedId: string;
  /** The state wanted: true follows, false unfollows. */
  follow: boolean;
}

/**
 * Follows or unfollows at once on the profile (button and count) and puts both back if the server refuses. Once
 * settled, whatever shows who the viewer follows is read again: the profiles, suggestions, people searches and
 * the following feed.
 */
export function useToggleFollow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ followerId, followedId, follow }: ToggleFollow) =>
      follow ? followUser({ followerId, followedId }) : unfollowUser({ followerId, followedId }),
    onMutate: async ({ followedId, follow }) => {
      const key = userKeys.detail(followedId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<PublicProfile>(key);
      if (previous && previous.isFollowing !== follow) {
        queryClient.setQueryData<PublicProfile>(key, {
          ...previous,
          isFollowing: follow,
          followersCount: Math.max(0, previous.followersCount + (follow ? 1 : -1)),
        });
      }
      return { previous };
    },
    onError: (_error, { followedId }, context) => {
      if (context?.previous) queryClient.setQueryData(userKeys.detail(followedId), context.previous);
    },
    onSettled: (_result, _error, { followerId, followedId }) => {
      void queryClient.invalidateQueries({ queryKey: userKeys.user(followedId) });
      void queryClient.invalidateQueries({ queryKey: userKeys.user(followerId) });
      void queryClient.invalidateQueries({ queryKey: userKeys.searches() });
      void queryClient.invalidateQueries({ queryKey: userKeys.suggestions() });
      void queryClient.invalidateQueries({ queryKey: postKeys.list({ pageType: 'Following' }) });
    },
  });
}
