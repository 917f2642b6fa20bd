import type { PublicUser, SessionAnswer } from '@reelmates/contracts/account'
import { CancelledError, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import { isInstalledApp } from '../../lib/installedApp'
import { isApiError, isUnanswered } from '../../lib/apiError'
import { apiJson } from '../../lib/api'
import { setSignedInAs } from '../../lib/signedInAs'
import { lastKnownUser, userKnown } from '../offline/offlineSession'
import { readPersistedAuth, writePersistedAuth } from './persistedAuth'
import { forgetSessionEnd, noteSessionAnswer } from './sessionEnd'
import { markSignedInHere } from './signedInHere'

/** The current user's cache key: the resource is GET /api/user, even though the app asks /api/session. */
export const currentUserKey = ['/api/user'] as const

/**
 * Spec §4 and §6 read the current user from GET /api/user, a 401 meaning nobody. Every browser logs
 * that 401 as a failed request, on every visitor's first page (issue 15.3: best practices 100 on
 * /sign_in), so the app asks GET /api/session, which answers the same user or null with a 200.
 */
async function userQueryFn({ signal }: { signal: AbortSignal }): Promise<PublicUser | null> {
  const answer = await apiJson<SessionAnswer>('/api/session', { signal })
  noteSessionAnswer(answer)
  return answer.user
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
  if (user) forgetSessionEnd()
  queryClient.setQueryData(currentUserKey, user)
  if (isInstalledApp()) writePersistedAuth(window.localStorage, user)
  userKnown(queryClient, user)
}

/**
 * Why a guard cannot say who is signed in: the server was not reached (and this device knows nobody
 * it could show), or it answered with a failure of its own. Spec §4: only a 401 means "no user", so
 * neither may send a member to the sign-in page as if signed out (`SessionUnknownScreen` says which).
 */
export class SessionUnknown extends Error {
  override readonly name = 'SessionUnknown'
  /** True when no answer came at all (offline, no route, the server down behind its proxy). */
  readonly unreachable: boolean
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause })
    this.unreachable = isUnanswered(cause)
  }
}

/**
 * The user as the guards see it. An unreachable server (offline) means the last user known on this
 * device, whose kept answers the screens then show (issue 15.1); with none, or with a server that
 * fails, nobody can tell: `SessionUnknown` is thrown. Every page passes a guard, so this is where a
 * tab learns that a member is signed in in it (`signedInHere.ts`).
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
    // Only a logout (or an update of the user in place) cancels this question: the cache says the outcome.
    if (error instanceof CancelledError) return queryClient.getQueryData<PublicUser | null>(currentUserKey) ?? null
    if (isApiError(error) && error.status === 401) {
      userKnown(queryClient, null)
      return null
    }
    const last = isUnanswered(error) ? lastKnownUser() : undefined
    if (!last) throw new SessionUnknown(error)
    queryClient.setQueryData(currentUserKey, last.user, { updatedAt: last.savedAt })
    userKnown(queryClient, last.user)
    return last.user
  }
}

/**
 * The user as the server sees them now, whatever is cached (a guard about to refuse asks this first);
 * null only when the server says nobody. Throws when it cannot be asked.
 */
export async function freshUser(queryClient: QueryClient): Promise<PublicUser | null> {
  try {
    return await queryClient.query({ ...currentUserQuery(), staleTime: 0 })
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null
    throw error
  }
}

export const isAdmin = (user: PublicUser | null | undefined): boolean => user?.role === 'Admin'
