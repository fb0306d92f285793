/**
 * The signed-in user's own blocks, mutes and muted words: one root, so that a change anywhere refreshes every
 * list of them by prefix. Kept apart from `userKeys`, which hold what is public about other people.
 */
export const privacyKeys = {
  all: ['privacy'] as const,
  people: (list: 'blocks' | 'mutes') => [...privacyKeys.all, list] as const,
  words: () => [...privacyKeys.all, 'muted-words'] as const,
};
