const hour = 60 * 60 * 1000

/** Spec §9: trending movies, trending TV and upcoming movies are kept for the session, 24 hours. */
export const trendingListTtlMs = 24 * hour

/** Spec §9: provider trending is kept 24 hours for a row (limit ≤ 5), 1 hour for a full page. */
export function providerListTtlMs(limit: number): number {
  return limit <= 5 ? 24 * hour : hour
}

/** Spec §9: a provider list is kept only when it came back as long as asked. */
export function isProviderListWorthKeeping(resultCount: number, limit: number): boolean {
  return resultCount >= limit
}

/** Spec §9: the default provider list is a home row of 5 in the US. */
export const providerDefaults = { limit: 5, region: 'US' } as const

/** A provider page (not a home row) asks for more than 5 titles: spec §4 treats it differently. */
export const providerPageLimit = 20
