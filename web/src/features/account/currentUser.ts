import type { PublicUser, SessionAnswer } from '@reelmates/contracts/account'
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import { isInstalledApp } from '../../lib/installedApp'
import { isApiError } from '../../lib/apiError'
import { apiJson } from '../../lib/api'
import { setSignedInAs } from '../../lib/signedInAs'
import { lastKnownUser, userKnown } from '../offline/offlineSession'
import { readPersistedAuth, writePersistedAuth } from './persistedAuth'
import { markSignedInHere } from './signedInHere'

/** The current user's cache key: the resource is GET /api/user, even though the app asks /api/session. */
export const currentUserKey = ['/api/user'] as const

/**
 * Spec §4 and §6 read the current user from GET /api/user, a 401 meaning nobody. Every browser logs
 * that 401 as a failed request, on every visitor's first page (issue 15.3: best practices 100 on
 * /sign_in), so the app asks GET /api/session, which answers the same user or null with a 200.
 */
async function userQueryFn({ signal }: { signal: AbortSignal }): Promise<PublicUser | null> {
  return (await apiJson<SessionAnswer>('/api/session', { signal })).user
}

/** An answer this young is the one the page's guard just got: a screen drawn with it takes it as it is. */
const justAskedMs = 2000

/**
 * The current user (spec §4): a user means signed in, null means not. Fresh for 5 minutes in
 * the installed app, where it also starts from the persisted auth state; always re-checked otherwise.
 */
export function currentUserQuery() {
  const installed = isInstalledApp()
  return queryOptions<PublicUser | null>({
    queryKey: currentUserKey,
    queryFn: async (context) => {
      const user = await userQueryFn(context)
      // A page asking again (coming back to the tab) acts for whoever the server says now; its changes
      // made before keep the member who made them (lib/signedInAs).
      setSignedInAs(user?.id ?? null)
      if (installed) writePersistedAuth(window.localStorage, user)
      return user
    },
    staleTime: installed ? 5 * 60 * 1000 : 0,
    // The guard asks before the screen draws; the screen's own look must not ask again at once.
    refetchOnMount: (query) => Date.now() - query.state.dataUpdatedAt >= justAskedMs,
    // An admin may change this user's role (or end their sessions) while the page is open: coming back
    // to the tab asks again, so a promotion shows (the Admin menu entry) without a reload.
    refetchOnWindowFocus: true,
    // Asked even offline: the failure is what tells the guards to fall back to the last known user,
    // at once (a retry would hold every guard while the server cannot be reached).
    networkMode: 'always',
    retry: false,
    ...(installed ? persistedStart() : {}),
  })
}

function persistedStart(): { initialData?: PublicUser | null; initialDataUpdatedAt?: number } {
  const persisted = readPersistedAuth(window.localStorage)
  return persisted ? { initialData: persisted.user, initialDataUpdatedAt: persisted.timestamp } : {}
}

export function useCurrentUser() {
  return useQuery(currentUserQuery())
}

/** Login and registration put the returned user into the current-user state (spec §4). */
export function setCurrentUser(queryClient: QueryClient, user: PublicUser | null): void {
  queryClient.setQueryData(currentUserKey, user)
  if (isInstalledApp()) writePersistedAuth(window.localStorage, user)
  userKnown(queryClient, user)
}

/**
 * The user as the guards see it. An unreachable server (offline) means the last user known on this
 * device, whose kept answers the screens then show (issue 15.1); with none, signed out. Every page
 * passes a guard, so this is where a tab learns that a member is signed in in it (`signedInHere.ts`).
 */
export async function knownUser(queryClient: QueryClient): Promise<PublicUser | null> {
  const user = await guardUser(queryClient)
  if (user) markSignedInHere()
  return user
}

async function guardUser(queryClient: QueryClient): Promise<PublicUser | null> {
  try {
    // 'static': the guards take the known answer; the screens' own queries re-check it.
    const user = await queryClient.query({ ...currentUserQuery(), staleTime: 'static' })
    userKnown(queryClient, user)
    return user
  } catch (error) {
    const last = isApiError(error) && error.status === 0 ? lastKnownUser() : undefined
    if (!last) return null
    queryClient.setQueryData(currentUserKey, last.user, { updatedAt: last.savedAt })
    userKnown(queryClient, last.user)
    return last.user
  }
}

/** The user as the server sees them now, whatever is cached (a guard about to refuse asks this first). */
export async function freshUser(queryClient: QueryClient): Promise<PublicUser | null> {
  try {
    return await queryClient.query({ ...currentUserQuery(), staleTime: 0 })
  } catch {
    return null
  }
}

export const isAdmin = (user: PublicUser | null | undefined): boolean => user?.role === 'Admin'
