import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { pageAddresses } from '../scripts/pageScripts'
import { pageAddressMatcher } from '@reelmates/contracts/pageAddresses'

/** The addresses the service worker is built with: the router's own, from its generated tree. */
const isPage = pageAddressMatcher(pageAddresses(readFileSync(join(import.meta.dirname, 'routeTree.gen.ts'), 'utf8')))

describe("the app's page addresses", () => {
  it.each(['/', '/home', '/home/', '/provider/8', '/media/movie/-42', '/news/', '/news/a-post', '/admin/events'])(
    '%s is a page',
    (path) => expect(isPage(path)).toBe(true),
  )

  // The router matches addresses in any case (/Feed is the feed), so the server and the worker do too:
  // a crawler or a link preview was answered 404 for a page the app then showed.
  it.each(['/Feed', '/WATCHLIST', '/Profile/Bob', '/News/A-Post'])('%s is a page, as the router reads it', (path) =>
    expect(isPage(path)).toBe(true),
  )

  it.each(['/no-such-page', '/home/more', '/provider', '/provider/8/extra', '/_authed/home', '/media/movie'])(
    '%s is not',
    (path) => expect(isPage(path)).toBe(false),
  )
})
