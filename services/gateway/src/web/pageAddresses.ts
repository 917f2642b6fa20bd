import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Whether an address is one of the app's pages, from the list the web build writes (dist/pages.json,
 * the client router's own routes): `/news/$slug` matches `/news/anything`, a trailing slash is
 * optional. Without the file (an older build) every address counts as a page, as before.
 */
export function pageAddressesOf(webDist: string): (path: string) => boolean {
  const file = join(webDist, 'pages.json')
  if (!existsSync(file)) return () => true
  const patterns = (JSON.parse(readFileSync(file, 'utf8')) as string[]).map(patternOf)
  return (path) => patterns.some((pattern) => pattern.test(path))
}

/** `/news/$slug` as a pattern that matches `/news/anything`, with or without a trailing slash. */
export function patternOf(address: string): RegExp {
  const parts = address
    .replace(/\/$/, '')
    .split('/')
    .map((part) => (part.startsWith('$') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
  return new RegExp(`^${parts.join('/')}/?$`)
}
