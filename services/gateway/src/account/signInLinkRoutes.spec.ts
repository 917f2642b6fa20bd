import type { FastifyRequest } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agent, createTestApp, type TestApp } from '../testing/testApp'
import { accountStreamId } from '@reelmates/commands/account/account'
import { suspendedMessage } from '@reelmates/contracts/userManagement'
import { beforeTheNextAnswerIsRead } from '../testing/meanwhile'
import { magicTokenIn, mailsTo, password, register, suspend, testClock } from './accountFixtures'
import { issueSignInLink } from './signInLinks'

const clock = testClock()
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ now: clock.now })
})
afterAll(() => t.close())

const linkSent = 'If an account with that email address exists, we have sent a sign-in link to it.'

async function mailedToken(email: string, redirect?: string): Promise<string> {
  const answer = await agent(t.app).post('/api/auth/magic-link/request', { email, ...(redirect ? { redirect } : {}) })
  expect(answer.json()).toEqual({ message: linkSent })
  return magicTokenIn((await mailsTo(t.platform, email))[0])
}

/** What another feature (e.g. a friend invitation) does to mail a one-click link. */
async function issueFor(userId: string, link: { action?: string; actionData?: unknown; redirect?: string }) {
  const request = { server: t.app, id: 'test-request', session: {} } as unknown as FastifyRequest
  const issued = await issueSignInLink(request, { userId, ...link })
  if (!issued) throw new Error(`no sign-in link was issued to ${userId}`)
  return issued
}
const eventTypes = async (userId: string) =>
  (await t.platform.eventStore.readStream(accountStreamId(userId))).map((event) => event.type)

describe('POST /api/auth/magic-link/request', () => {
  it('mails a sign-in link to an account, and answers the same for an address without one', async () => {
    await register(t.app, 'magpie')
    const unknown = await agent(t.app).post('/api/auth/magic-link/request', { email: 'nobody@example.com' })
    expect(unknown.json()).toEqual({ message: linkSent })
    await mailedToken('magpie@example.com')
    const [mail] = await mailsTo(t.platform, 'magpie@example.com')
    expect(mail).toMatchObject({ category: 'magic-link', subject: 'Your Reelmates sign-in link' })
    expect(mail?.text).toContain(`${t.platform.config.publicUrl}/magic-link?token=`)
    expect(await mailsTo(t.platform, 'nobody@example.com')).toEqual([])
  })

  it('answers a suspended account as any other address, and issues and mails it no link', async () => {
    const { user } = await register(t.app, 'suspendedmagpie')
    await suspend(t.platform, user.id)
    const answer = await agent(t.app).post('/api/auth/magic-link/request', { email: 'suspendedmagpie@example.com' })
    expect(answer.json()).toEqual({ message: linkSent })
    expect(await mailsTo(t.platform, 'suspendedmagpie@example.com')).toEqual([])
    expect(await eventTypes(user.id)).not.toContain('SignInLinkIssued')
  })

  it('checks the address', async () => {
    const answer = await agent(t.app).post('/api/auth/magic-link/request', { email: 'nope' })
    expect(answer.statusCode).toBe(400)
    expect(answer.json()).toMatchObject({ validationErrors: { email: 'Please enter a valid email address' } })
  })
})

describe('GET /api/auth/magic-link', () => {
  it('signs in once and answers where to go', async () => {
    const { user } = await register(t.app, 'oneclick')
    const token = await mailedToken('oneclick@example.com', '/watchlist')
    const client = agent(t.app)
    const answer = await client.get(`/api/auth/magic-link?token=${encodeURIComponent(token)}`)
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({ redirect: '/watchlist' })
    expect((await client.get('/api/user')).json()).toMatchObject({ id: user.id })

    const again = await agent(t.app).get(`/api/auth/magic-link?token=${encodeURIComponent(token)}`)
    expect(again.statusCode).toBe(410)
    expect(again.json()).toMatchObject({
      message: 'This sign-in link has already been used. Sign in with your password instead.',
      detail: 'token_used',
    })
  })

  it('follows a redirect given with the link, but only to a path on this site', async () => {
    await register(t.app, 'wanderer')
    const onSite = await mailedToken('wanderer@example.com')
    const stay = await agent(t.app).get(
      `/api/auth/magic-link?token=${encodeURIComponent(onSite)}&redirect=${encodeURIComponent('/friends?tab=1')}`,
    )
    expect(stay.json()).toMatchObject({ redirect: '/friends?tab=1' })
    for (const offSite of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
      const token = await mailedToken('wanderer@example.com', offSite)
      const answer = await agent(t.app).get(
        `/api/auth/magic-link?token=${encodeURIComponent(token)}&redirect=${encodeURIComponent(offSite)}`,
      )
      expect(answer.statusCode).toBe(200)
      expect(answer.json()).toMatchObject({ redirect: '/home' })
    }
  })

  it('refuses a link mailed before the suspension as sign-in does, without spending it', async () => {
    const { user } = await register(t.app, 'suspendedclicker')
    const token = await mailedToken('suspendedclicker@example.com')
    await suspend(t.platform, user.id)
    const client = agent(t.app)
    const answer = await client.get(`/api/auth/magic-link?token=${encodeURIComponent(token)}`)
    expect(answer.statusCode).toBe(403)
    expect(answer.json()).toMatchObject({ message: suspendedMessage })
    expect((await client.get('/api/user')).statusCode).toBe(401)
    expect(await eventTypes(user.id)).not.toContain('SignInLinkUsed')
  })

  it('refuses a link after its 15 minutes', async () => {
    await register(t.app, 'latecomer')
    const token = await mailedToken('latecomer@example.com')
    clock.advance(15 * 60 * 1000)
    const client = agent(t.app)
    const answer = await client.get(`/api/auth/magic-link?token=${encodeURIComponent(token)}`)
    expect(answer.statusCode).toBe(410)
    expect(answer.json()).toMatchObject({
      message: 'This sign-in link has expired. Sign in with your password instead.',
      detail: 'token_expired',
    })
    expect((await client.get('/api/user')).statusCode).toBe(401)
  })

  it('refuses a missing or made-up token', async () => {
    const missing = await agent(t.app).get('/api/auth/magic-link')
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({
      message: 'The magic link is invalid. It may be missing required parameters.',
    })
    const { user } = await register(t.app, 'forged')
    const forged = await agent(t.app).get(`/api/auth/magic-link?token=${user.id}.${'B'.repeat(43)}`)
    expect(forged.statusCode).toBe(401)
    expect(forged.json()).toMatchObject({
      message: 'This sign-in link is not valid. Sign in with your password instead.',
      detail: 'invalid_token',
    })
    const unknownUser = await agent(t.app).get(
      `/api/auth/magic-link?token=00000000-0000-4000-8000-000000000000.${'B'.repeat(43)}`,
    )
    expect(unknownUser.statusCode).toBe(401)
  })
})

describe('GET /api/auth/process-token', () => {
  it('signs in with a token that carries an action, once', async () => {
    const { user } = await register(t.app, 'invited')
    const { token } = await issueFor(user.id, { action: 'accept-friend', actionData: { friendshipId: 'f-1' } })
    const client = agent(t.app)
    const answer = await client.get(`/api/auth/process-token?token=${encodeURIComponent(token)}`)
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({
      success: true,
      user: { id: user.id, username: 'invited' },
      action: 'accept-friend',
      actionData: { friendshipId: 'f-1' },
    })
    expect((await client.get('/api/user')).json()).toMatchObject({ id: user.id })
    const again = await agent(t.app).get(`/api/auth/process-token?token=${encodeURIComponent(token)}`)
    expect(again.statusCode).toBe(410)
  })

  it('signs nobody in when the account is deleted on another device as the link is used', async () => {
    const { client: owner, user } = await register(t.app, 'vanishing')
    const { token } = await issueFor(user.id, {})
    const deletion = beforeTheNextAnswerIsRead(t.platform, () =>
      owner.delete('/api/user', { currentPassword: password }),
    )
    const device = agent(t.app)
    const answer = await device.get(`/api/auth/process-token?token=${encodeURIComponent(token)}`)
    expect((await deletion()).statusCode).toBe(200)
    expect(answer.statusCode, answer.body).toBe(401)
    expect(answer.json<{ message: string }>().message).toEqual(expect.any(String))
    expect((await device.get('/api/session')).json()).toEqual({ user: null })
  })

  it('refuses an expired or unknown token', async () => {
    const { user } = await register(t.app, 'expiring')
    const { token } = await issueFor(user.id, {})
    clock.advance(16 * 60 * 1000)
    expect((await agent(t.app).get(`/api/auth/process-token?token=${encodeURIComponent(token)}`)).statusCode).toBe(410)
    expect((await agent(t.app).get('/api/auth/process-token?token=nonsense')).statusCode).toBe(401)
  })

  it('asks for the token when there is none', async () => {
    const missing = await agent(t.app).get('/api/auth/process-token')
    expect(missing.statusCode).toBe(400)
    expect(typeof missing.json<{ message: unknown }>().message).toBe('string')
  })

  it('lets exactly one of two simultaneous uses of a token sign in', async () => {
    const { user } = await register(t.app, 'racing')
    const { token } = await issueFor(user.id, {})
    const url = `/api/auth/process-token?token=${encodeURIComponent(token)}`
    const answers = await Promise.all([agent(t.app).get(url), agent(t.app).get(url)])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 410])
  })
})
