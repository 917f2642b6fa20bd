import { describe, expect, it } from 'vitest'
import { signInSearch, signUpSearch, tokenSearch, unsubscribedSearch } from './accountPages'

describe('account page query parameters (spec §2)', () => {
  it('sign-in: invite as a boolean, texts kept, numbers read as text', () => {
    expect(signInSearch.parse({ invite: 'true', from: 'maya', token: 12345, returnTo: '/watchlist' })).toEqual({
      invite: true,
      from: 'maya',
      token: '12345',
      returnTo: '/watchlist',
    })
    expect(signInSearch.parse({ invite: false })).toEqual({ invite: false })
  })

  it('sign-up adds the email; a malformed value is dropped, not fatal', () => {
    expect(signUpSearch.parse({ email: 'a@b.c', from: { nested: true }, returnTo: 'x'.repeat(3000) })).toEqual({
      email: 'a@b.c',
    })
    expect(tokenSearch.parse({})).toEqual({})
  })

  it('unsubscribed: the flags, and error as a flag or as the reason', () => {
    expect(unsubscribedSearch.parse({ success: true, special: 'true', email: 'a@b.c' })).toEqual({
      success: true,
      special: true,
      email: 'a@b.c',
    })
    expect(unsubscribedSearch.parse({ error: true })).toEqual({ error: true })
    expect(unsubscribedSearch.parse({ error: 'Link expired' })).toEqual({ error: 'Link expired' })
    expect(unsubscribedSearch.parse({ success: 'false' })).toEqual({ success: false })
  })
})
