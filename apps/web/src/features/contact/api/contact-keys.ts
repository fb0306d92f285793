/** Every query of the contact inbox lives under `contactKeys.all`, so one invalidation refreshes all of it. */
export const contactKeys = {
  all: ['contact-messages'] as const,
  lists: () => [...contactKeys.all, 'list'] as const,
  list: (filter: { unread: boolean }) => [...contactKeys.lists(), filter] as const,
};
