import { queryOptions } from '@tanstack/react-query'
import { recommendationCalls, type Box } from './recommendationCalls'

/** Both boxes live under `recommendations`, so one invalidation after a change refreshes them all. */
export const recommendationKeys = {
  all: ['recommendations'] as const,
  box: (box: Box) => ['recommendations', box] as const,
}

/**
 * How often an open box asks again: a recommendation that arrives, or is answered, shows without a
 * reload (the bell learned of it, and the box still did not list it).
 */
export const recommendationsRefetchMs = 30_000

export const recommendationsQuery = (box: Box) =>
  queryOptions({
    queryKey: recommendationKeys.box(box),
    queryFn: () => recommendationCalls.list(box),
    refetchInterval: recommendationsRefetchMs,
  })
