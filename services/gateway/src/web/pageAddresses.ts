import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pageAddressMatcher } from '@reelmates/contracts/pageAddresses'

/**
 * Whether an address is one of the app's pages, from the list the web build writes (dist/pages.json,
 * the client router's own routes): `/news/$slug` matches `/news/anything`, a trailing slash is
 * optional. Without the file (an older build) every address counts as a page, as before.
 */
export function pageAddressesOf(webDist: string): (path: string) => boolean {
  const file = join(webDist, 'pages.json')
  if (!existsSync(file)) return () => true
  return pageAddressMatcher(JSON.parse(readFileSync(file, 'utf8')) as string[])
}
