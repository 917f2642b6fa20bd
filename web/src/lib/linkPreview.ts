import { useQuery } from '@tanstack/react-query'
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

/** Asks once per token (`name` keeps each kind of link apart), and says what the answer allows. */
export function useLinkPreview<T>(
  name: string,
  token: string | undefined,
  ask: (token: string) => Promise<T>,
): LinkPreview<T> {
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
