import { queryOptions } from '@tanstack/react-query'
import { adminCalls, type HistoryFilter } from './adminCalls'

export const adminKeys = {
  events: (filter: HistoryFilter) => ['admin', 'events', filter] as const,
  event: (position: string) => ['admin', 'event', position] as const,
  eventTypes: () => ['admin', 'event-types'] as const,
  projections: () => ['admin', 'projections'] as const,
  analytics: (days: number) => ['admin', 'analytics', days] as const,
}

// The history is the log itself: reading it again is what the admin asks for, never a cached copy.
export const eventHistoryQuery = (filter: HistoryFilter) =>
  queryOptions({ queryKey: adminKeys.events(filter), queryFn: () => adminCalls.events(filter), staleTime: 0 })

export const eventDetailQuery = (position: string) =>
  queryOptions({ queryKey: adminKeys.event(position), queryFn: () => adminCalls.event(position) })

/** The types the log can hold change only with a new server: asked once a visit. */
export const eventTypesQuery = () =>
  queryOptions({ queryKey: adminKeys.eventTypes(), queryFn: adminCalls.eventTypes, staleTime: Infinity })

/** Polled while the screen is open, faster while a rebuild runs, so its progress moves on its own. */
export const projectionsQuery = () =>
  queryOptions({
    queryKey: adminKeys.projections(),
    queryFn: adminCalls.projections,
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.lastRebuild?.outcome === 'running') ? 500 : 5_000,
  })

export const analyticsQuery = (days: number) =>
  queryOptions({ queryKey: adminKeys.analytics(days), queryFn: () => adminCalls.analytics(days) })
