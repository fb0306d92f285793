/** Every admin query lives under one root per resource, so one invalidation refreshes lists and details. */
export const adminAdKeys = {
  all: ['admin', 'ads'] as const,
  list: () => [...adminAdKeys.all, 'list'] as const,
  detail: (id: number) => [...adminAdKeys.all, 'detail', id] as const,
};

export const adminAnalyticsKeys = {
  all: ['admin', 'analytics'] as const,
  daily: (days: number) => [...adminAnalyticsKeys.all, 'daily', days] as const,
};

export const auditLogKeys = {
  all: ['admin', 'audit-log'] as const,
  list: () => [...auditLogKeys.all, 'list'] as const,
};
