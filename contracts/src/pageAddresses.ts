/**
 * The app's page addresses as the client router names them (`/news/$slug`). The gateway (which
 * answers 404 for anything else) and the service worker (which does the same offline) read them
 * with these two functions, so both agree on what a page is.
 */

/**
 * `/news/$slug` as a pattern that matches `/news/anything`, with or without a trailing slash, in any
 * case (the client router is not case-sensitive: `/Feed` shows the feed).
 */
export function pageAddressPattern(address: string): RegExp {
  const parts = address
    .replace(/\/$/, '')
    .split('/')
    .map((part) => (part.startsWith('$') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
  return new RegExp(`^${parts.join('/')}/?$`, 'i')
}

/** Whether a path is one of the given page addresses. */
export function pageAddressMatcher(addresses: readonly string[]): (path: string) => boolean {
  const patterns = addresses.map(pageAddressPattern)
  return (path) => patterns.some((pattern) => pattern.test(path))
}
