import { describe, expect, it } from 'vitest'
import { inAppHref } from './inAppHref'

const origin = 'https://reelmates.test'

describe('inAppHref', () => {
  it('keeps a path of this site, its query and its section', () => {
    expect(inAppHref('/activity/abc?focus=comments#c1', origin)).toBe('/activity/abc?focus=comments#c1')
    expect(inAppHref(`${origin}/news`, origin)).toBe('/news')
  })

  it('sends a link that leaves the site home instead', () => {
    for (const url of ['/\\evil.example/path', '//evil.example', 'https://evil.example/', '\\\\evil.example'])
      expect(inAppHref(url, origin), url).toBe('/home')
    expect(inAppHref('http://[bad', origin, '/notifications')).toBe('/notifications')
  })
})
