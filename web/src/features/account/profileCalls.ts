import type { PublicUser } from '@reelmates/contracts/account'
import type { MyStatsAnswer } from '@reelmates/contracts/myStats'
import { queryOptions } from '@tanstack/react-query'
import { apiJson } from '../../lib/api'

/** `/profile`'s own calls: my numbers, my avatar, and deleting my account. */
type UserAnswer = PublicUser & { position?: string }

const userOf = ({ position: _position, ...user }: UserAnswer): PublicUser => user

export const myStatsKey = ['/api/user/stats'] as const

/** `path` asking for the reader's own calendar: the browser's time zone, or the one given. */
const inTimeZone = (path: string, timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone) =>
  `${path}?${new URLSearchParams({ timeZone }).toString()}`

/** "This year" in the reader's time zone, as the diary shows its days. */
export const myStatsPath = (timeZone?: string) => inTimeZone('/api/user/stats', timeZone)

export const myStatsQuery = () =>
  queryOptions({ queryKey: myStatsKey, queryFn: () => apiJson<MyStatsAnswer>(myStatsPath()) })

/** The picture itself is the body; the server resizes and re-encodes it. */
export async function uploadAvatar(picture: Blob): Promise<PublicUser> {
  return userOf(await apiJson<UserAnswer>('/api/user/avatar', { method: 'PUT', body: picture }))
}

export async function removeAvatar(): Promise<PublicUser> {
  return userOf(await apiJson<UserAnswer>('/api/user/avatar', { method: 'DELETE' }))
}

/**
 * Where "Download all my data" points: the browser downloads the file itself (cookies go along), named
 * for the member's own day, not UTC's.
 */
export const memberExportUrl = (timeZone?: string) => inTimeZone('/api/user/export', timeZone)

/** DELETE /api/user: the account and its personal data, for good (needs the current password). */
export async function deleteAccount(currentPassword: string): Promise<void> {
  await apiJson('/api/user', { method: 'DELETE', body: { currentPassword } })
}
