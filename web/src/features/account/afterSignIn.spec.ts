import { describe, expect, it } from 'vitest'
import { destinationAfterSignIn, isInvitation } from './afterSignIn'
import { safeReturnTo } from './returnTo'

describe('where sign-in goes next', () => {
  it('goes home by default', () => expect(destinationAfterSignIn({})).toBe('/home'))

  it('goes to returnTo, decoded', () =>
    expect(destinationAfterSignIn({ returnTo: '%2Fmedia%2Fmovie%2F603%3Ftab%3Dcast' })).toBe(
      '/media/movie/603?tab=cast',
    ))

  it('keeps an invitation on the way home', () =>
    expect(destinationAfterSignIn({ invite: 'true', from: 'ana', token: 'abc' })).toBe(
      '/home?invite=true&from=ana&token=abc',
    ))

  it('takes a recommendation mail’s token to the received box, which claims it, rather than to returnTo', () => {
    expect(destinationAfterSignIn({ returnTo: '/recommendations', token: 'r-a_b.c' })).toBe(
      '/recommendations?box=received&token=r-a_b.c',
    )
    // Without returnTo the token is no recommendation mail's; with an invitation it is the invitation's.
    expect(destinationAfterSignIn({ token: 'r-a_b.c' })).toBe('/home')
    expect(destinationAfterSignIn({ invite: true, from: 'ana', token: 'abc', returnTo: '/friends' })).toBe('/friends')
  })

  it('needs both invite=true and from to count as an invitation', () => {
    expect(isInvitation({ invite: 'true' })).toBe(false)
    expect(isInvitation({ from: 'ana' })).toBe(false)
    expect(isInvitation({ invite: true, from: 'ana' })).toBe(true)
  })

  it('never follows returnTo off this site', () => {
    expect(safeReturnTo('https://evil.example/')).toBeUndefined()
    expect(safeReturnTo('//evil.example/')).toBeUndefined()
    expect(safeReturnTo('/\\evil.example')).toBeUndefined()
    expect(safeReturnTo('javascript:alert(1)')).toBeUndefined()
    expect(destinationAfterSignIn({ returnTo: '//evil.example' })).toBe('/home')
  })
})
