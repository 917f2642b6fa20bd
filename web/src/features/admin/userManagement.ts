import type { Role } from '@reelmates/contracts/account'
import type { AdminUser } from '@reelmates/contracts/userManagement'
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { tellRefusal } from '../../lib/mutations'
import { toast } from '../../lib/toast'
import { adminCalls, adminKeys } from './adminCalls'

/** Accounts 100 at a time, newest first; each page after the last one's cursor. */
export const adminUsersQuery = (query: string) =>
  infiniteQueryOptions({
    queryKey: adminKeys.users(query),
    queryFn: ({ pageParam }) => adminCalls.users(query, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  })

/** The newest accounts a search matches, one page of them, and how many match in all. */
export const adminUserMatchesQuery = (query: string) =>
  queryOptions({
    queryKey: [...adminKeys.users(query), 'matches'] as const,
    queryFn: async () => {
      const { items, total } = await adminCalls.users(query)
      return { items, total }
    },
  })

export type UserAction =
  | { kind: 'role'; user: AdminUser; role: Role }
  | { kind: 'suspend'; user: AdminUser }
  | { kind: 'restore'; user: AdminUser }
  | { kind: 'delete'; user: AdminUser }

const done: Record<UserAction['kind'], (action: UserAction) => string> = {
  role: (action) => `${action.user.username} is now ${action.kind === 'role' ? action.role : ''}`.trim(),
  suspend: (action) => `${action.user.username} can no longer sign in; their sessions have ended`,
  restore: (action) => `${action.user.username} can sign in again`,
  delete: (action) => `${action.user.username}'s account has been deleted`,
}

/** One mutation for every account action of the screen; one at a time, in the order they were made. */
export function useUserAction() {
  const queryClient = useQueryClient()
  return useMutation({
    scope: { id: 'admin-users' },
    mutationFn: (action: UserAction): Promise<unknown> => {
      const { id } = action.user
      switch (action.kind) {
        case 'role':
          return adminCalls.changeRole(id, action.role)
        case 'suspend':
          return adminCalls.suspend(id)
        case 'restore':
          return adminCalls.restore(id)
        case 'delete':
          return adminCalls.remove(id)
      }
    },
    onSuccess: (_answer, action) => {
      toast({ title: done[action.kind](action), variant: 'success' })
      return queryClient.invalidateQueries({ queryKey: ['admin', 'users'] })
    },
    onError: (error) => tellRefusal('That change was refused', error),
  })
}
