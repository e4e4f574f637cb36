/** Query keys of the provider's licensing tabs; mutations invalidate by these. */
export const licensingKeys = {
  all: ['licensing'] as const,
  licenses: (gcid: number) => [...licensingKeys.all, 'licenses', gcid] as const,
  requests: (gcid: number) => [...licensingKeys.all, 'requests', gcid] as const,
  audit: (gcid: number) => [...licensingKeys.all, 'audit', gcid] as const,
};
