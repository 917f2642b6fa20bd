import { useQuery } from '@tanstack/react-query'
import { useMemo, useRef } from 'react'
import { usePendingChanges } from '../../lib/mutations'
import { useListToShow } from '../offline/keptEmpty'
import { recommendationsMutationKey } from './mutations'
import { recommendationsQuery } from './queries'
import { inPlace, withAnswer, type AnswerChange } from './recommendationChanges'

/** The received box with the answers still on their way already applied, each card kept in its place (`inPlace`). */
export function useReceivedRecommendations() {
  const query = useQuery(recommendationsQuery('received'))
  const pending = usePendingChanges<AnswerChange>([...recommendationsMutationKey, 'answer'])
  const places = useRef(new Map<string, number>())
  const items = useMemo(
    () => query.data && inPlace(pending.reduce(withAnswer, query.data), places.current),
    [query.data, pending],
  )
  return { ...query, items: useListToShow(items, query) }
}
