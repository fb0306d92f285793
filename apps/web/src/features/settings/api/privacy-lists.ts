import {
  mutedWordKey,
  type MutedWord,
  type MutedWordInput,
  type RestrictedUser,
} from '@ray/shared/schemas/privacy';
import type { Paged } from '@ray/shared/schemas/common';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { hashtagKeys } from '@/entities/hashtag/api/hashtag-keys';
import { postKeys } from '@/entities/post/api/post-keys';
import { privacyKeys } from '@/entities/user/api/privacy-keys';
import { hidePostsInPlace, matchesMutedWord } from '@/entities/user/api/restrict-user';
import { api } from '@/lib/api-client';

const PAGE = 20;

const nextCursor = <T>(page: Paged<T>) =>
  page.pagination.hasNextPage && page.pagination.nextCursor ? page.pagination.nextCursor : undefined;

/** `GET /api/users/blocks` or `/api/users/mutes`: the people the caller blocked or muted, most recent first. */
export function getRestrictedPage(list: 'blocks' | 'mutes', cursor: string | null, signal?: AbortSignal) {
  return api.get<Paged<RestrictedUser>>(`/api/users/${list}`, {
    query: { cursor, pageSize: PAGE },
    ...(signal ? { signal } : {}),
  });
}

export const restrictedPeopleQueryOptions = (list: 'blocks' | 'mutes') =>
  infiniteQueryOptions({
    queryKey: privacyKeys.people(list),
    queryFn: ({ pageParam, signal }) => getRestrictedPage(list, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursor<RestrictedUser>,
  });

export function useRestrictedPeople(list: 'blocks' | 'mutes') {
  return useInfiniteQuery(restrictedPeopleQueryOptions(list));
}

/** `GET /api/users/muted-words`, newest first. */
export function getMutedWordsPage(cursor: string | null, signal?: AbortSignal) {
  return api.get<Paged<MutedWord>>('/api/users/muted-words', {
    query: { cursor, pageSize: PAGE },
    ...(signal ? { signal } : {}),
  });
}

export const mutedWordsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: privacyKeys.words(),
    queryFn: ({ pageParam, signal }) => getMutedWordsPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursor<MutedWord>,
  });

export function useMutedWords() {
  return useInfiniteQuery(mutedWordsQueryOptions());
}

/** `POST /api/users/muted-words`: the posts it matches leave the loaded lists at once, then the lists reload. */
export function useAddMutedWord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MutedWordInput) => api.post<MutedWord>('/api/users/muted-words', input),
    onSuccess: (word) => {
      const key = mutedWordKey(word.word);
      hidePostsInPlace(queryClient, (post) => matchesMutedWord(post, key));
      void queryClient.invalidateQueries({ queryKey: privacyKeys.words() });
      void queryClient.invalidateQueries({ queryKey: postKeys.all });
      void queryClient.invalidateQueries({ queryKey: hashtagKeys.all });
    },
  });
}

/** `DELETE /api/users/muted-words/{id}`: the lists are read again, with the posts it hid. */
export function useRemoveMutedWord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.delete<{ success: boolean; message?: string }>(`/api/users/muted-words/${id}`),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: privacyKeys.words() });
      void queryClient.invalidateQueries({ queryKey: postKeys.all });
      void queryClient.invalidateQueries({ queryKey: hashtagKeys.all });
    },
  });
}
