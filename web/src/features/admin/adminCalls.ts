import type { AnalyticsAnswer } from '@reelmates/contracts/analytics'
import type { EventDetailAnswer, EventHistoryAnswer, EventTypesAnswer } from '@reelmates/contracts/eventHistory'
import type { ProjectionsAnswer, RebuildAnswer, RetryAnswer } from '@reelmates/contracts/projectionsAdmin'

import type { Role } from '@reelmates/contracts/account'
import type { AdminUser, AdminUsersAnswer } from '@reelmates/contracts/userManagement'
import type { CacheRefreshResponse, CatalogStatus } from '@reelmates/contracts/catalog'
import type { outboxAnswer } from '@reelmates/contracts/account'
import type { SchedulerJob, schedulerFailuresAnswer } from '@reelmates/contracts/scheduler'
import type { z } from 'zod'
import { requests } from '../../lib/api'

const userPath = (id: string) => `/api/admin/users/${encodeURIComponent(id)}`
/** How many of the newest mails the outbox screen asks for. */
export const outboxPage = 100
export type OutboxMail = z.infer<typeof outboxAnswer>['messages'][number]
export type SchedulerFailures = z.infer<typeof schedulerFailuresAnswer>

export interface HistoryFilter {
  stream?: string
  userId?: string
  type?: string
  correlationId?: string
  before?: string
}

const historyParams = ['stream', 'userId', 'type', 'correlationId', 'before'] as const satisfies (keyof HistoryFilter)[]

// Only the filter's own keys: a filter built from an address can carry others, which the server refuses.
const queryString = (filter: HistoryFilter) => {
  const params = new URLSearchParams()
  for (const key of historyParams) {
    const value = filter[key]
    if (value !== undefined && value !== '') params.set(key, value)
  }
  const text = params.toString()
  return text === '' ? '' : `?${text}`
}

/** The admin calls of issue 14, through the app's one request client. */
export const adminCalls = {
  users: (query: string, after?: string) => {
    const params = new URLSearchParams()
    if (query) params.set('query', query)
    if (after) params.set('after', after)
    const search = params.toString()
    return requests.get<AdminUsersAnswer>(`/api/admin/users${search ? `?${search}` : ''}`)
  },
  changeRole: (id: string, role: Role) => requests.send<AdminUser>('PUT', `${userPath(id)}/role`, { role }),
  suspend: (id: string) => requests.send<AdminUser>('POST', `${userPath(id)}/suspend`),
  restore: (id: string) => requests.send<AdminUser>('POST', `${userPath(id)}/restore`),
  remove: (id: string) => requests.send<{ message: string }>('DELETE', userPath(id)),
  refreshCatalogCache: () => requests.send<CacheRefreshResponse>('POST', '/api/admin/refresh-api-cache'),
  outbox: (to: string) =>
    requests
      .get<{
        messages: OutboxMail[]
      }>(`/api/admin/outbox?limit=${outboxPage}${to ? `&to=${encodeURIComponent(to)}` : ''}`)
      .then((answer) => answer.messages),
  catalogStatus: () => requests.get<CatalogStatus>('/api/tmdb/status'),
  events: (filter: HistoryFilter) => requests.get<EventHistoryAnswer>(`/api/admin/events${queryString(filter)}`),
  event: (position: string) => requests.get<EventDetailAnswer>(`/api/admin/events/${encodeURIComponent(position)}`),
  eventTypes: () => requests.get<EventTypesAnswer>('/api/admin/event-types').then((answer) => answer.types),
  projections: () => requests.get<ProjectionsAnswer>('/api/admin/projections'),
  rebuild: (name: string) =>
    requests.send<RebuildAnswer>('POST', `/api/admin/projections/${encodeURIComponent(name)}/rebuild`),
  retry: (name: string) =>
    requests.send<RetryAnswer>('POST', `/api/admin/projections/${encodeURIComponent(name)}/retry`),
  analytics: (days: number) => requests.get<AnalyticsAnswer>(`/api/admin/analytics?days=${days}`),
  schedulerJobs: () =>
    requests.get<{ jobs: SchedulerJob[] }>('/api/admin/scheduler/jobs').then((answer) => answer.jobs),
  schedulerFailures: () => requests.get<SchedulerFailures>('/api/admin/scheduler/failures'),
}

export const adminKeys = {
  users: (query: string) => ['admin', 'users', query] as const,
  outbox: (to: string) => ['admin', 'outbox', to] as const,
  schedulerJobs: ['admin', 'scheduler', 'jobs'] as const,
  schedulerFailures: ['admin', 'scheduler', 'failures'] as const,
}
