import type { PublicUser } from '@reelmates/contracts/account'
import type { MyStatsAnswer } from '@reelmates/contracts/myStats'
import { queryOptions } from '@tanstack/react-query'
import { apiJson } from '../../lib/api'

/** `/profile`'s own calls: my numbers, my avatar, and deleting my account. */
type UserAnswer = PublicUser & { position?: string }

const userOf = ({ position: _position, ...user }: UserAnswer): PublicUser => user

export const myStatsKey = ['/api/user/stats'] as const

export const myStatsQuery = () =>
  queryOptions({ queryKey: myStatsKey, queryFn: () => apiJson<MyStatsAnswer>('/api/user/stats') })

/** The picture itself is the body; the server resizes and re-encodes it. */
export async function uploadAvatar(picture: Blob): Promise<PublicUser> {
  return userOf(await apiJson<UserAnswer>('/api/user/avatar', { method: 'PUT', body: picture }))
}

export async function removeAvatar(): Promise<PublicUser> {
  return userOf(await apiJson<UserAnswer>('/api/user/avatar', { method: 'DELETE' }))
}

/** DELETE /api/user: the account and its personal data, for good (needs the current password). */
export async function deleteAccount(currentPassword: string): Promise<void> {
  await apiJson('/api/user', { method: 'DELETE', body: { currentPassword } })
}
