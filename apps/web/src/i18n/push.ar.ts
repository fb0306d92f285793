/** Copy of pushes to this device: the system notification the service worker shows, and the Settings toggle. */
export const pushStrings = {
  /** Shown when a push arrives that cannot be read, so the person still learns something happened. */
  fallback: {
    title: 'رأي',
    body: 'لديك إشعار جديد',
  },
} as const;
