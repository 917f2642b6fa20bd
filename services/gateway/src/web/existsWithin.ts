import { setTimeout as sleep } from 'node:timers/promises'

/**
 * Whether a page's subject exists, as `lookUp` says within `waitMs`: a page's HTML must not wait on a
 * slow store or remote API, and one that fails or is slow is not taken for "no such thing" (the page
 * stays a 200). `lookUp`'s own "no" is the only 404.
 */
export async function existsWithin(lookUp: () => Promise<boolean>, waitMs: number): Promise<boolean> {
  const gaveUp = new AbortController()
  const answer = Promise.resolve()
    .then(lookUp)
    .catch(() => true)
  const timeout = sleep(waitMs, true, { signal: gaveUp.signal }).catch(() => true)
  try {
    return await Promise.race([answer, timeout])
  } finally {
    gaveUp.abort()
  }
}
