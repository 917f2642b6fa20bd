import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountStreamId } from '@reelmates/commands/account/account'
import { suspendedMessage } from '@reelmates/contracts/userManagement'
import { agent, createTestApp, type TestApp } from '../testing/testApp'
import { magicTokenIn, mailsTo, password, register, resetTokenIn, suspend, testClock } from './accountFixtures'

const clock = testClock()
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ now: clock.now })
})
afterAll(() => t.close())

const resetSent = 'If an account with that email address exists, we have sent a link to reset your password.'
const usernameSent = 'If an account with that email address exists, we have sent your username to it.'

async function requestReset(email: string): Promise<string> {
  const answer = await agent(t.app).post('/api/forgot-password', { email })
  expect(answer.json()).toEqual({ message: resetSent })
  return resetTokenIn((await mailsTo(t.platform, email))[0])
}

const reset = (token: string, newPassword = 'brand-new-password', confirmPassword = newPassword) =>
  agent(t.app).post('/api/reset-password', { token, newPassword, confirmPassword })

describe('POST /api/forgot-password', () => {
  it('mails a reset link to an account, and answers the same for an address without one', async () => {
    await register(t.app, 'forgetful')
    const known = await agent(t.app).post('/api/forgot-password', { email: 'forgetful@example.com' })
    const unknown = await agent(t.app).post('/api/forgot-password', { email: 'nobody@example.com' })
    expect(known.statusCode).toBe(200)
    expect(unknown.statusCode).toBe(200)
    expect(unknown.json()).toEqual(known.json())
    expect(known.json()).toEqual({ message: resetSent })

    const [mail] = await mailsTo(t.platform, 'forgetful@example.com')
    expect(mail).toMatchObject({ category: 'password-reset', subject: 'Reset your Reelmates password' })
    expect(mail?.text).toContain(`${t.platform.config.publicUrl}/reset-password/`)
    expect(await mailsTo(t.platform, 'nobody@example.com')).toEqual([])
  })

  it('answers a suspended account as any other address, and mails it no link', async () => {
    const { user } = await register(t.app, 'suspendedforgetter')
    await suspend(t.platform, user.id)
    const suspended = await agent(t.app).post('/api/forgot-password', { email: 'suspendedforgetter@example.com' })
    const unknown = await agent(t.app).post('/api/forgot-password', { email: 'nobody@example.com' })
    expect(suspended.statusCode).toBe(200)
    expect(suspended.json()).toEqual(unknown.json())
    expect(await mailsTo(t.platform, 'suspendedforgetter@example.com')).toEqual([])
    const events = await t.platform.eventStore.readStream(accountStreamId(user.id))
    expect(events.map((event) => event.type)).not.toContain('PasswordResetRequested')
  })

  it('checks the address (spec §5)', async () => {
    const answer = await agent(t.app).post('/api/forgot-password', { email: 'not an email' })
    expect(answer.statusCode).toBe(400)
    expect(answer.json()).toMatchObject({ validationErrors: { email: 'Please enter a valid email address' } })
  })
})

describe('POST /api/reset-password', () => {
  it('sets a new password with the mailed token, and signs out every session', async () => {
    const { client } = await register(t.app, 'resetter')
    const token = await requestReset('resetter@example.com')
    const answer = await reset(token)
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({
      message: 'Your password has been reset. You can now sign in with your new password.',
    })
    expect((await client.get('/api/user')).statusCode).toBe(401)
    expect((await agent(t.app).post('/api/login', { username: 'resetter', password })).statusCode).toBe(401)
    expect(
      (await agent(t.app).post('/api/login', { username: 'resetter', password: 'brand-new-password' })).statusCode,
    ).toBe(200)
  })

  it('tells the owner by mail, and ends the sign-in links mailed before it', async () => {
    await register(t.app, 'relinker')
    const magic = await agent(t.app).post('/api/auth/magic-link/request', { email: 'relinker@example.com' })
    expect(magic.statusCode).toBe(200)
    const signInLink = magicTokenIn((await mailsTo(t.platform, 'relinker@example.com'))[0])
    expect((await reset(await requestReset('relinker@example.com'))).statusCode).toBe(200)

    const [notice] = await mailsTo(t.platform, 'relinker@example.com')
    expect(notice).toMatchObject({ category: 'password-reset-done', subject: 'Your Reelmates password was changed' })
    expect(notice?.text).toContain(`${t.platform.config.publicUrl}/forgot-password`)
    const client = agent(t.app)
    const late = await client.get(`/api/auth/magic-link?token=${encodeURIComponent(signInLink)}`)
    expect(late.statusCode).toBe(410)
    expect(late.json()).toMatchObject({
      message: 'This sign-in link stopped working when your password was changed. Sign in with your password.',
      detail: 'token_revoked',
    })
    expect((await client.get('/api/user')).statusCode).toBe(401)
  })

  it('refuses a link mailed to the address the profile then changed, and takes one mailed to the new one', async () => {
    const { client } = await register(t.app, 'movedhouse')
    const token = await requestReset('movedhouse@example.com')
    const moved = await client.put('/api/user/profile', { currentPassword: password, email: 'moved@example.com' })
    expect(moved.statusCode).toBe(200)
    const late = await reset(token)
    expect(late.statusCode).toBe(410)
    expect(late.json()).toMatchObject({
      message: 'This reset link was sent to your previous email address. Please request a new one.',
    })
    expect((await reset(await requestReset('moved@example.com'))).statusCode).toBe(200)
  })

  it('refuses a link mailed before the password was changed in the profile', async () => {
    const { client } = await register(t.app, 'changedmind')
    const token = await requestReset('changedmind@example.com')
    const changed = await client.put('/api/user/profile', {
      currentPassword: password,
      newPassword: 'profile-password',
    })
    expect(changed.statusCode).toBe(200)
    const late = await reset(token)
    expect(late.statusCode).toBe(410)
    expect(late.json()).toMatchObject({
      message: 'This reset link was sent before your password was last changed. Please request a new one.',
    })
    const login = await agent(t.app).post('/api/login', { username: 'changedmind', password: 'profile-password' })
    expect(login.statusCode).toBe(200)
  })

  it('refuses a token used before, with the reason as its message', async () => {
    await register(t.app, 'twice')
    const token = await requestReset('twice@example.com')
    expect((await reset(token)).statusCode).toBe(200)
    const again = await reset(token, 'another-password')
    expect(again.statusCode).toBe(410)
    expect(again.headers['content-type']).toMatch(/^application\/json/)
    expect(again.json()).toMatchObject({ message: 'This reset link has already been used. Please request a new one.' })
  })

  it('lets exactly one of two simultaneous resets with one token through', async () => {
    await register(t.app, 'racer')
    const token = await requestReset('racer@example.com')
    const answers = await Promise.all([reset(token, 'first-password'), reset(token, 'second-password')])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 410])
    const winner = answers[0].statusCode === 200 ? 'first-password' : 'second-password'
    expect((await agent(t.app).post('/api/login', { username: 'racer', password: winner })).statusCode).toBe(200)
  })

  it('refuses a token after its hour is over', async () => {
    await register(t.app, 'slowpoke')
    const token = await requestReset('slowpoke@example.com')
    clock.advance(60 * 60 * 1000)
    const late = await reset(token)
    expect(late.statusCode).toBe(410)
    expect(late.json()).toMatchObject({ message: 'This reset link has expired. Please request a new one.' })
    expect((await agent(t.app).post('/api/login', { username: 'slowpoke', password })).statusCode).toBe(200)
  })

  it('refuses an older token once a newer one was mailed', async () => {
    await register(t.app, 'impatient')
    const first = await requestReset('impatient@example.com')
    const second = await requestReset('impatient@example.com')
    expect(second).not.toBe(first)
    expect((await reset(first)).statusCode).toBe(410)
    expect((await reset(second)).statusCode).toBe(200)
  })

  it('refuses a link mailed before the suspension, as sign-in does, and keeps the password', async () => {
    const { user } = await register(t.app, 'suspendedresetter')
    const token = await requestReset('suspendedresetter@example.com')
    await suspend(t.platform, user.id)
    const answer = await reset(token)
    expect(answer.statusCode).toBe(403)
    expect(answer.json()).toMatchObject({ message: suspendedMessage })
    const events = await t.platform.eventStore.readStream(accountStreamId(user.id))
    expect(events.map((event) => event.type)).not.toContain('PasswordReset')
  })

  it('refuses a token that is not one of ours, or a forged secret for a real account', async () => {
    const { user } = await register(t.app, 'target')
    const garbage = await reset('garbage')
    expect(garbage.statusCode).toBe(400)
    expect(garbage.json()).toMatchObject({ message: 'This reset link is invalid. Please request a new one.' })
    await requestReset('target@example.com')
    const forged = await reset(`${user.id}.${'A'.repeat(43)}`)
    expect(forged.statusCode).toBe(400)
    expect(forged.json()).toMatchObject({ message: 'This reset link is invalid. Please request a new one.' })
  })

  it('answers the rules of spec §5 as messages, on the field they belong to', async () => {
    const mismatch = await reset('anything', 'brand-new-password', 'brand-new-passwort')
    expect(mismatch.statusCode).toBe(400)
    expect(mismatch.json()).toMatchObject({
      message: 'Passwords do not match',
      validationErrors: { confirmPassword: 'Passwords do not match' },
    })
    const short = await reset('anything', '12345', '12345')
    expect(short.json()).toMatchObject({ message: 'Password must be at least 6 characters' })
    const missing = await agent(t.app).post('/api/reset-password', {
      newPassword: 'brand-new-password',
      confirmPassword: 'brand-new-password',
    })
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({ message: 'Invalid Reset Link' })
  })

  it('refuses a reset without the CSRF token', async () => {
    const answer = await agent(t.app).post(
      '/api/reset-password',
      { token: 'x', newPassword: 'abcdefg', confirmPassword: 'abcdefg' },
      { csrf: false },
    )
    expect(answer.statusCode).toBe(403)
    expect(answer.json<{ message: string }>().message).toMatch(/CSRF/)
  })

  it('answers a wrong CSRF token and a wrong content type as JSON, like every route', async () => {
    const client = agent(t.app)
    await client.get('/api/csrf-token')
    const forged = await client.post(
      '/api/reset-password',
      { token: 'x', newPassword: 'abcdefg', confirmPassword: 'abcdefg' },
      { csrf: false, headers: { 'csrf-token': 'forged' } },
    )
    expect(forged.statusCode).toBe(403)
    expect(forged.headers['content-type']).toMatch(/^application\/json/)
    expect(forged.json<{ message: string }>().message).toMatch(/csrf/i)
    const text = await client.request('POST', '/api/reset-password', {
      body: 'token=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(text.statusCode).toBe(415)
    expect(text.headers['content-type']).toMatch(/^application\/json/)
    expect(typeof text.json<{ message: unknown }>().message).toBe('string')
  })
})

describe('POST /api/reset-password/check', () => {
  const check = (token: string) => agent(t.app).post('/api/reset-password/check', { token })

  it('says a fresh link can set a password, and changes nothing: the link still works after', async () => {
    const { user } = await register(t.app, 'lookfirst')
    const token = await requestReset('lookfirst@example.com')
    const before = await t.platform.eventStore.readStream(accountStreamId(user.id))
    const answer = await check(token)
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({ message: 'This link can set a new password.' })
    expect(await t.platform.eventStore.readStream(accountStreamId(user.id))).toHaveLength(before.length)
    expect((await reset(token)).statusCode).toBe(200)
  })

  it("gives the reset's own refusal of a dead link before anyone types a password", async () => {
    await register(t.app, 'deadlink')
    const used = await requestReset('deadlink@example.com')
    expect((await reset(used)).statusCode).toBe(200)
    const answer = await check(used)
    expect(answer.statusCode).toBe(410)
    expect(answer.json()).toMatchObject({ message: 'This reset link has already been used. Please request a new one.' })

    const old = await requestReset('deadlink@example.com')
    await requestReset('deadlink@example.com')
    expect((await check(old)).json()).toMatchObject({
      message: 'This reset link has been replaced by a newer one. Please use the latest email we sent.',
    })

    const late = await requestReset('deadlink@example.com')
    clock.advance(60 * 60 * 1000)
    expect((await check(late)).json()).toMatchObject({
      message: 'This reset link has expired. Please request a new one.',
    })
  })

  it('refuses a link that is not one of ours, a suspended account, and a request with no token', async () => {
    expect((await check('garbage')).statusCode).toBe(400)
    expect((await check('garbage')).json()).toMatchObject({
      message: 'This reset link is invalid. Please request a new one.',
    })
    const { user } = await register(t.app, 'suspendedlooker')
    const token = await requestReset('suspendedlooker@example.com')
    await suspend(t.platform, user.id)
    const suspended = await check(token)
    expect(suspended.statusCode).toBe(403)
    expect(suspended.json()).toMatchObject({ message: suspendedMessage })
    const missing = await agent(t.app).post('/api/reset-password/check', {})
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({ message: 'Invalid Reset Link' })
  })
})

describe('POST /api/forgot-username', () => {
  it('mails the username to an account, and answers the same for an address without one', async () => {
    await register(t.app, 'whoami')
    const known = await agent(t.app).post('/api/forgot-username', { email: 'WHOAMI@example.com' })
    const unknown = await agent(t.app).post('/api/forgot-username', { email: 'ghost@example.com' })
    expect(known.json()).toEqual({ message: usernameSent })
    expect(unknown.json()).toEqual({ message: usernameSent })
    const [mail] = await mailsTo(t.platform, 'whoami@example.com')
    expect(mail).toMatchObject({ category: 'username-reminder' })
    expect(mail?.text).toContain('Your username is: whoami')
    expect(await mailsTo(t.platform, 'ghost@example.com')).toEqual([])
  })

  it('answers a suspended account as any other address, and mails it nothing', async () => {
    const { user } = await register(t.app, 'suspendedwhoami')
    await suspend(t.platform, user.id)
    const answer = await agent(t.app).post('/api/forgot-username', { email: 'suspendedwhoami@example.com' })
    expect(answer.json()).toEqual({ message: usernameSent })
    expect(await mailsTo(t.platform, 'suspendedwhoami@example.com')).toEqual([])
    const events = await t.platform.eventStore.readStream(accountStreamId(user.id))
    expect(events.map((event) => event.type)).not.toContain('UsernameReminderRequested')
  })

  it('checks the address (spec §5)', async () => {
    const answer = await agent(t.app).post('/api/forgot-username', {})
    expect(answer.statusCode).toBe(400)
    expect(answer.json()).toMatchObject({ validationErrors: { email: 'Please enter a valid email address' } })
  })
})
