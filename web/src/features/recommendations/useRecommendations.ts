import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { usePendingChanges } from '../../lib/mutations'
import { recommendationsMutationKey } from './mutations'
import { recommendationsQuery } from './queries'
import { withAnswer, type AnswerChange } from './recommendationChanges'

/** The received box with the answers still on their way already applied. */
export function useReceivedRecommendations() {
  const query = useQuery(recommendationsQuery('received'))
  const pending = usePendingChanges<AnswerChange>([...recommendationsMutationKey, 'answer'])
  const items = useMemo(() => query.data && pending.reduce(withAnswer, query.data), [query.data, pending])
  return { ...query, items }
}
