import type { Role } from '@reelmates/contracts/account'
import type { AdminUser } from '@reelmates/contracts/userManagement'
import type { CacheRefreshResponse, CatalogStatus } from '@reelmates/contracts/catalog'
import type { outboxAnswer } from '@reelmates/contracts/account'
import type { z } from 'zod'
import { requests } from '../../lib/api'

const userPath = (id: string) => `/api/admin/users/${encodeURIComponent(id)}`
export type OutboxMail = z.infer<typeof outboxAnswer>['messages'][number]

/** The admin calls of issue 14.4-5, through the app's one request client. */
export const adminCalls = {
  users: (query: string) =>
    requests
      .get<{ items: AdminUser[] }>(`/api/admin/users${query ? `?query=${encodeURIComponent(query)}` : ''}`)
      .then((answer) => answer.items),
  changeRole: (id: string, role: Role) => requests.send<AdminUser>('PUT', `${userPath(id)}/role`, { role }),
  suspend: (id: string) => requests.send<AdminUser>('POST', `${userPath(id)}/suspend`),
  restore: (id: string) => requests.send<AdminUser>('POST', `${userPath(id)}/restore`),
  remove: (id: string) => requests.send<{ message: string }>('DELETE', userPath(id)),
  refreshCatalogCache: () => requests.send<CacheRefreshResponse>('POST', '/api/admin/refresh-api-cache'),
  outbox: (to: string) =>
    requests
      .get<{
        messages: OutboxMail[]
      }>(`/api/admin/outbox?limit=100${to ? `&to=${encodeURIComponent(to)}` : ''}`)
      .then((answer) => answer.messages),
  catalogStatus: () => requests.get<CatalogStatus>('/api/tmdb/status'),
}

export const adminKeys = {
  users: (query: string) => ['admin', 'users', query] as const,
  outbox: (to: string) => ['admin', 'outbox', to] as const,
}
