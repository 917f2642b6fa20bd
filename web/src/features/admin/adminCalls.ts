import type { AnalyticsAnswer } from '@reelmates/contracts/analytics'
import type { EventDetailAnswer, EventHistoryAnswer } from '@reelmates/contracts/eventHistory'
import type { ProjectionsAnswer, RebuildAnswer, RetryAnswer } from '@reelmates/contracts/projectionsAdmin'
import { requests } from '../../lib/api'

export interface HistoryFilter {
  stream?: string
  userId?: string
  type?: string
  correlationId?: string
  before?: string
}

const queryString = (filter: HistoryFilter & { limit?: number }) => {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(filter))
    if (value !== undefined && value !== '') params.set(key, String(value))
  const text = params.toString()
  return text === '' ? '' : `?${text}`
}

/** The admin calls of issue 14 (event history, projections, analytics), through the one request client. */
export const adminCalls = {
  events: (filter: HistoryFilter) => requests.get<EventHistoryAnswer>(`/api/admin/events${queryString(filter)}`),
  event: (position: string) => requests.get<EventDetailAnswer>(`/api/admin/events/${encodeURIComponent(position)}`),
  projections: () => requests.get<ProjectionsAnswer>('/api/admin/projections'),
  rebuild: (name: string) =>
    requests.send<RebuildAnswer>('POST', `/api/admin/projections/${encodeURIComponent(name)}/rebuild`),
  retry: (name: string) =>
    requests.send<RetryAnswer>('POST', `/api/admin/projections/${encodeURIComponent(name)}/retry`),
  analytics: (days: number) => requests.get<AnalyticsAnswer>(`/api/admin/analytics?days=${days}`),
}
