import { isApiError, requestMessages } from '../../lib/apiError'
import { TryAgain } from '../shell/TryAgain'

/**
 * Whether asking again could bring another answer: not for a refusal about the request itself (no
 * such campaign, not an admin any more), which only a change elsewhere would lift.
 */
function worthAskingAgain(error: unknown): boolean {
  if (!isApiError(error)) return true
  return error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429
}

/**
 * A list or panel of the admin area that could not be loaded: the server's words and a way to ask
 * again (without one, an admin had to reload the whole page). Shown from `useShownFailure`, so it
 * stays put while it is tried again: Try again says it is trying, then that it failed again, or gives
 * the focus to what loaded (`TryAgain`).
 */
export function AdminLoadFailed({
  error,
  onRetry,
  className = 'text-red-300',
  what,
}: {
  error: unknown
  onRetry: () => void
  className?: string
  /** What failed, where a page has more than one panel that can (see `TryAgain`). */
  what?: string
}) {
  return (
    <div role="alert" className={className}>
      <p>{error instanceof Error ? error.message : requestMessages.fallback}</p>
      {worthAskingAgain(error) ? (
        <TryAgain onRetry={onRetry} failure={error} className="mt-1 text-sm" what={what} />
      ) : null}
    </div>
  )
}
