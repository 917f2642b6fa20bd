import { Signer } from '@fastify/cookie'
import { describe, expect, it } from 'vitest'
import { rememberingSigner } from './sessionSigner'

const secret = 'a-session-secret-of-at-least-32-characters'
const plain = new Signer(secret, 'sha256')

describe('the remembering session cookie signer', () => {
  it('signs and checks exactly as the plain signer does, whether it remembers the cookie or not', () => {
    const signer = rememberingSigner(secret)
    const cookie = plain.sign('session-id')
    expect(signer.sign('session-id')).toBe(cookie)
    expect(signer.unsign(cookie)).toEqual(plain.unsign(cookie))
    expect(signer.unsign(cookie)).toEqual({ valid: true, renew: false, value: 'session-id' })
    expect(signer.sign('session-id')).toBe(cookie)
  })

  it('refuses a forged cookie every time, also for an id whose real cookie it remembers', () => {
    const signer = rememberingSigner(secret)
    signer.unsign(plain.sign('session-id'))
    const forged = new Signer('another-secret-of-at-least-32-characters!!', 'sha256').sign('session-id')
    expect(signer.unsign(forged).valid).toBe(false)
    expect(signer.unsign(forged).valid).toBe(false)
    expect(signer.unsign('session-id.').valid).toBe(false)
  })

  it('keeps asking for renewal of a cookie signed with an older secret', () => {
    const older = 'an-older-session-secret-of-32-characters-or-more'
    const signer = rememberingSigner([secret, older])
    const oldCookie = new Signer(older, 'sha256').sign('session-id')
    expect(signer.unsign(oldCookie)).toMatchObject({ valid: true, renew: true })
    expect(signer.unsign(oldCookie)).toMatchObject({ valid: true, renew: true })
  })

  it('remembers a bounded number of cookies and still checks the forgotten ones', () => {
    const signer = rememberingSigner(secret, 2)
    const cookies = ['a', 'b', 'c'].map((id) => plain.sign(id))
    for (const cookie of cookies) signer.unsign(cookie)
    expect(cookies.map((cookie) => signer.unsign(cookie).value)).toEqual(['a', 'b', 'c'])
  })
})
