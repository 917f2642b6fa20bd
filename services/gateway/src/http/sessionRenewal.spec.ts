import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, type TestApp } from '../testing/testApp'
import { register, type Registered } from '../account/accountFixtures'

const day = 24 * 60 * 60 * 1000

let t: TestApp
let ada: Registered

beforeAll(async () => {
  t = await createTestApp()
  ada = await register(t.app, 'ada_renewal')
})
afterAll(() => t.close())
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

/** The session cookie as sent: the agent's own copy, so the server alone decides whether it is still good. */
const sessionCookie = () => `reelmates.sid=${ada.client.cookies.get('reelmates.sid') ?? ''}`
const getUser = () => t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: sessionCookie() } })
const cookieExpiry = (answer: Awaited<ReturnType<typeof getUser>>) =>
  answer.cookies.find((cookie) => cookie.name === 'reelmates.sid')?.expires

describe('session renewal', () => {
  it('neither writes the session store nor sends a cookie on a read of a fresh session', async () => {
    const writes = vi.spyOn(t.platform.sessions, 'set')
    const answer = await getUser()
    expect(answer.statusCode).toBe(200)
    expect(cookieExpiry(answer)).toBeUndefined()
    expect(writes).not.toHaveBeenCalled()
  })

  it('renews a session once a day of its lifetime has gone by: store and cookie, once', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * day })
    const writes = vi.spyOn(t.platform.sessions, 'set')
    const renewed = await getUser()
    expect(renewed.statusCode).toBe(200)
    expect(writes).toHaveBeenCalledTimes(1)
    const expiry = cookieExpiry(renewed)
    expect(expiry).toBeDefined()
    expect(Math.abs(expiry!.getTime() - (Date.now() + 30 * day))).toBeLessThan(2000)

    const again = await getUser()
    expect(again.statusCode).toBe(200)
    expect(cookieExpiry(again)).toBeUndefined()
    expect(writes).toHaveBeenCalledTimes(1)
  })

  it('keeps a session in use alive, and ends one left unused for its lifetime', async () => {
    const start = Date.now()
    vi.useFakeTimers({ toFake: ['Date'], now: start + 20 * day })
    expect((await getUser()).statusCode).toBe(200)
    vi.setSystemTime(start + 45 * day)
    expect((await getUser()).statusCode).toBe(200)
    vi.setSystemTime(start + 76 * day)
    const expired = await getUser()
    expect(expired.statusCode).toBe(401)
  })
})
