import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { isApiError } from './apiError'
import { retryUnanswered } from './queryClient'

/**
 * What a page opened from a mailed link may say of it before anyone signs in: the server reads the
 * link's token (its other parameters are anyone's to type).
 */
export type LinkPreview<T> =
  /** No such link on this page. */
  | { kind: 'none' }
  /** Being asked, or unanswered (offline): said without what only the token tells. */
  | { kind: 'unnamed' }
  | { kind: 'named'; value: T }
  /** The server's reason the link will not work (unknown, used, expired…). */
  | { kind: 'refused'; message: string }

/**
 * Links whose page was shown in this page load. Only the sign-up and sign-in pages preview a link, and
 * they are shown to visitors signed out only (their guard sends a member on).
 */
const shownSignedOut = new Set<string>()

/** Asks once per token (`name` keeps each kind of link apart), and says what the answer allows. */
export function useLinkPreview<T>(
  name: string,
  token: string | undefined,
  ask: (token: string) => Promise<T>,
): LinkPreview<T> {
  useEffect(() => {
    if (token) shownSignedOut.add(token)
  }, [token])
  const answer = useQuery({
    queryKey: [name, token ?? ''],
    queryFn: () => ask(token ?? ''),
    enabled: Boolean(token),
    staleTime: Infinity,
    retry: retryUnanswered,
  })
  if (!token) return { kind: 'none' }
  if (answer.data !== undefined) return { kind: 'named', value: answer.data }
  const error = answer.error
  if (isApiError(error) && error.status >= 400 && error.status < 500) return { kind: 'refused', message: error.message }
  return { kind: 'unnamed' }
}

/**
 * Whether the member signed in now signed in (or up) on this link's page, in this tab: they chose
 * that account for the link just now, so taking it needs no question. A member who was signed in
 * already when the link opened may be reading someone else's mail (forwarded, a shared computer).
 */
export const signedInOnLinkPage = (token: string): boolean => shownSignedOut.has(token)
