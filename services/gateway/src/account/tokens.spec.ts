import { describe, expect, it } from 'vitest'
import { newLinkToken, readLinkToken, sameSitePath } from './tokens'

const userId = '6f1c1a52-3d0e-4a51-9d55-6c1b1f0f7a10'

describe('link tokens', () => {
  it('reads back the user and the hash of a token it made, and never holds the secret in the hash', () => {
    const made = newLinkToken(userId)
    expect(readLinkToken(made.token)).toEqual(made)
    expect(made.tokenHash).toMatch(/^[0-9a-f]{64}$/)
    expect(made.token).not.toContain(made.tokenHash)
  })

  it('makes a different token every time', () => {
    expect(newLinkToken(userId).token).not.toBe(newLinkToken(userId).token)
  })

  it('refuses what cannot be a token', () => {
    for (const token of [
      '',
      'abc',
      `${userId}.short`,
      `not-a-uuid.${'a'.repeat(43)}`,
      `${userId}.${'a'.repeat(43)}.x`,
    ]) {
      expect(readLinkToken(token)).toBeNull()
    }
  })
})

describe('sign-in redirects', () => {
  it('keeps paths on this site, with their query and fragment', () => {
    expect(sameSitePath('/watchlist')).toBe('/watchlist')
    expect(sameSitePath('/friends?tab=requests#top')).toBe('/friends?tab=requests#top')
  })

  it('refuses other sites, protocol-relative addresses and schemes', () => {
    for (const target of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      'watchlist',
      '/\u0000x',
      '',
    ]) {
      expect(sameSitePath(target)).toBeNull()
    }
    expect(sameSitePath(undefined)).toBeNull()
  })
})
