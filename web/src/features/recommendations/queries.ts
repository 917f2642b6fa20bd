import { queryOptions } from '@tanstack/react-query'
import { recommendationCalls, type Box } from './recommendationCalls'

/** Both boxes live under `recommendations`, so one invalidation after a change refreshes them all. */
export const recommendationKeys = {
  all: ['recommendations'] as const,
  box: (box: Box) => ['recommendations', box] as const,
}

export const recommendationsQuery = (box: Box) =>
  queryOptions({ queryKey: recommendationKeys.box(box), queryFn: () => recommendationCalls.list(box) })
