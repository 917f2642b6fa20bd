import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/testApp'
import { password, register, testClock } from './accountFixtures'

const max = 3
const clock = testClock()
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({
    env: { CURRENT_PASSWORD_RATE_LIMIT_MAX: String(max), CURRENT_PASSWORD_RATE_LIMIT_WINDOW_MS: String(15 * 60_000) },
    now: clock.now,
  })
})
afterAll(() => t.close())

const wrongEmailChange = (n: number) => ({ currentPassword: `wrong-${n}`, email: 'x@example.com' })
const tooMany = /^Too many wrong passwords\. Try again in 15 minutes\.$/

describe('wrong current passwords', () => {
  it('are answered 429 past the limit on PUT /api/user/profile, even with the right password then', async () => {
    const { client } = await register(t.app, 'guessedprofile')
    for (let n = 0; n < max; n++) {
      const wrong = await client.put('/api/user/profile', wrongEmailChange(n))
      expect(wrong.statusCode).toBe(400)
      expect(wrong.json()).toMatchObject({ message: 'Current password is incorrect' })
    }
    const limited = await client.put('/api/user/profile', wrongEmailChange(max))
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toBe(String(15 * 60))
    expect(limited.json<{ message: string }>().message).toMatch(tooMany)
    expect(limited.json()).toMatchObject({
      validationErrors: { currentPassword: expect.stringMatching(tooMany) as unknown },
    })
    // Not checked at all: the right one is refused too, so the answer says nothing about a guess.
    const right = await client.put('/api/user/profile', { currentPassword: password, email: 'new@example.com' })
    expect(right.statusCode).toBe(429)
    expect((await client.get('/api/user')).json()).toMatchObject({ email: 'guessedprofile@example.com' })
  })

  it('add up across profile changes and account deletion, which is refused unchecked', async () => {
    const { client } = await register(t.app, 'guesseddelete')
    for (let n = 0; n < max - 1; n++)
      expect((await client.put('/api/user/profile', wrongEmailChange(n))).statusCode).toBe(400)
    expect((await client.delete('/api/user', { currentPassword: 'wrong-last' })).statusCode).toBe(400)
    const limited = await client.delete('/api/user', { currentPassword: password })
    expect(limited.statusCode).toBe(429)
    expect(limited.json<{ message: string }>().message).toMatch(tooMany)
    expect((await client.get('/api/user')).statusCode).toBe(200)
  })

  it('are counted per account: another member from the same address is not held back', async () => {
    const guessed = await register(t.app, 'guessedone')
    for (let n = 0; n <= max; n++) await guessed.client.put('/api/user/profile', wrongEmailChange(n))
    const other = await register(t.app, 'notguessed')
    expect((await other.client.put('/api/user/profile', wrongEmailChange(0))).statusCode).toBe(400)
  })

  it('do not hold back saves that give no password, however many', async () => {
    const { client } = await register(t.app, 'busysaver')
    for (let n = 0; n <= max; n++) await client.put('/api/user/profile', wrongEmailChange(n))
    for (let n = 0; n < max * 3; n++) {
      expect((await client.put('/api/user/profile', { bio: `bio ${n}` })).statusCode).toBe(200)
    }
  })

  it('are not forgotten after a right password, only when the window ends', async () => {
    const { client } = await register(t.app, 'patient')
    expect((await client.put('/api/user/profile', wrongEmailChange(0))).statusCode).toBe(400)
    const right = await client.put('/api/user/profile', { currentPassword: password, email: 'patient2@example.com' })
    expect(right.statusCode).toBe(200)
    for (let n = 1; n < max; n++)
      expect((await client.put('/api/user/profile', wrongEmailChange(n))).statusCode).toBe(400)
    clock.advance(5 * 60_000)
    const limited = await client.put('/api/user/profile', wrongEmailChange(max))
    expect(limited.statusCode).toBe(429)
    expect(limited.json<{ message: string }>().message).toBe('Too many wrong passwords. Try again in 10 minutes.')
    expect(limited.headers['retry-after']).toBe(String(10 * 60))
    clock.advance(10 * 60_000)
    expect((await client.put('/api/user/profile', wrongEmailChange(max))).statusCode).toBe(400)
  })

  it('sent all at once are checked no more than the limit allows', async () => {
    const { client } = await register(t.app, 'burst')
    const answers = await Promise.all(
      Array.from({ length: max * 3 }, (_, n) => client.put('/api/user/profile', wrongEmailChange(n))),
    )
    const statuses = answers.map((answer) => answer.statusCode)
    expect(statuses.filter((status) => status === 400)).toHaveLength(max)
    expect(statuses.filter((status) => status === 429)).toHaveLength(max * 2)
  })
})
