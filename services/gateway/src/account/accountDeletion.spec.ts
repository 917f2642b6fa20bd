import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { account, accountStreamId } from '@reelmates/commands/account/account'
import { handleCommand, loadState } from '@reelmates/commands/handleCommand'
import { filesContaining } from '../testing/filesContaining'
import { beforeTheNextAnswerIsRead } from '../testing/meanwhile'
import { agent, createTestApp, type Agent, type TestApp } from '../testing/testApp'
import { mailsTo, password, register, type Registered } from './accountFixtures'

// Distinctive values, so a hit in a file can only be this user's data.
const personal = {
  username: 'vanishing7391',
  email: 'vanishing7391@example.com',
  location: 'Zanzibar-7391',
  bio: 'bio-that-must-vanish-7391',
  newBio: 'updated-bio-that-must-vanish-7391',
}

const everywhere = (dir: string) =>
  Object.fromEntries(Object.entries(personal).map(([key, value]) => [key, filesContaining(dir, value)]))
const nowhere = Object.fromEntries(Object.keys(personal).map((key) => [key, []]))

describe('DELETE /api/user', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'reelmates-deletion-'))
  let t: TestApp
  let doomed: Registered
  let survivor: Registered

  beforeAll(async () => {
    t = await createTestApp({ dataDir })
    doomed = await register(t.app, personal.username, { location: personal.location, bio: personal.bio })
    survivor = await register(t.app, 'survivor')
    // With an Idempotency-Key, as the web app saves a profile: the recorded answer is the whole profile.
    const save = await doomed.client.put(
      '/api/user/profile',
      { bio: personal.newBio },
      { headers: { 'idempotency-key': 'profile-save-7391' } },
    )
    expect(save.statusCode).toBe(200)
    // Mail about the user lands in the outbox: reset, username reminder, magic link.
    for (const url of ['/api/forgot-password', '/api/forgot-username', '/api/auth/magic-link/request']) {
      await agent(t.app).post(url, { email: personal.email })
    }
    expect(await mailsTo(t.platform, personal.email)).toHaveLength(3)
  })
  let closed = false
  afterAll(async () => {
    if (!closed) await t.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('never writes the personal data in clear into the event store', () => {
    expect(filesContaining(dataDir, personal.email).filter((name) => name.startsWith('events.db'))).toEqual([])
  })

  it('has the data in the read models and the outbox before deletion (so the search below can find it)', async () => {
    await t.platform.readStore.flush()
    expect(filesContaining(dataDir, personal.newBio)).toContain('read-models.db')
    expect(filesContaining(dataDir, personal.email)).toContain('outbox.db')
    expect(filesContaining(dataDir, personal.newBio).filter((name) => name.startsWith('idempotency.db'))).not.toEqual(
      [],
    )
  })

  it('needs the current password and the CSRF token', async () => {
    const none = await doomed.client.delete('/api/user', {})
    expect(none.statusCode).toBe(400)
    expect(none.json()).toMatchObject({
      validationErrors: { currentPassword: 'Password must be at least 6 characters' },
    })
    const wrong = await doomed.client.delete('/api/user', { currentPassword: 'not-the-password' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toMatchObject({ message: 'Current password is incorrect' })
    expect((await doomed.client.delete('/api/user', { currentPassword: password }, { csrf: false })).statusCode).toBe(
      403,
    )
    expect((await agent(t.app).delete('/api/user', { currentPassword: password })).statusCode).toBe(401)
    expect((await doomed.client.get('/api/user')).statusCode).toBe(200)
  })

  it('deletes the account and signs it out everywhere', async () => {
    const elsewhere = agent(t.app)
    expect((await elsewhere.post('/api/login', { username: personal.username, password })).statusCode).toBe(200)

    const answer = await doomed.client.delete('/api/user', { currentPassword: password })
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({ message: 'Your account has been deleted.' })
    expect((await doomed.client.get('/api/user')).statusCode).toBe(401)
    expect((await elsewhere.get('/api/user')).statusCode).toBe(401)
    expect((await agent(t.app).post('/api/login', { username: personal.username, password })).statusCode).toBe(401)
    expect((await survivor.client.get('/api/user')).json()).toMatchObject({ username: 'survivor' })
  })

  it('tells the other devices that the account was deleted, not that they were signed out', async () => {
    const ana = await register(t.app, 'leaving-ana')
    const tablet = agent(t.app)
    expect((await tablet.post('/api/login', { username: 'leaving-ana', password })).statusCode).toBe(200)
    expect((await ana.client.delete('/api/user', { currentPassword: password })).statusCode).toBe(200)

    const refused = await tablet.get('/api/user')
    expect(refused.statusCode).toBe(401)
    expect(refused.json()).toEqual({ message: 'Your account was deleted.', error: 'AccountDeleted' })
    expect((await tablet.get('/api/session')).json()).toEqual({ user: null, ended: 'accountDeleted' })
    // The deleting browser's own session says so too, for its other tabs.
    expect((await ana.client.get('/api/session')).json()).toEqual({ user: null, ended: 'accountDeleted' })
    expect((await ana.client.get('/api/user')).json()).toMatchObject({ error: 'AccountDeleted' })

    // The page asks for a new CSRF token (the secret went with the session), which the marker keeps:
    // it stays a marker, of nobody.
    tablet.resetCsrf()
    const mistyped = await tablet.post('/api/login', { username: 'survivor', password: 'not-the-password' })
    expect(mistyped.statusCode).toBe(401)
    expect((await tablet.get('/api/session')).json()).toEqual({ user: null, ended: 'accountDeleted' })
    // Someone else signing in on the tablet gets a session of their own, with nothing of the old one.
    expect((await tablet.post('/api/login', { username: 'survivor', password })).statusCode).toBe(200)
    const after = (await tablet.get('/api/session')).json<{ user: { username: string } | null; ended?: string }>()
    expect(after.user?.username).toBe('survivor')
    expect(after.ended).toBeUndefined()
    expect((await survivor.client.get('/api/user')).json()).toMatchObject({ username: 'survivor' })
  })

  it('frees the username and the email for someone new', async () => {
    expect((await agent(t.app).get(`/api/validate-username?username=${personal.username}`)).json()).toEqual({
      available: true,
    })
    expect(await t.platform.mailer.list({ to: personal.email })).toEqual([])
  })

  it('keeps the log whole: the events remain, their personal fields read as null', async () => {
    const events = await t.platform.eventStore.readStream(accountStreamId(doomed.user.id))
    expect(events.map((e) => e.type)).toContain('AccountDeleted')
    expect(events[0]?.data).toMatchObject({ username: null, email: null, passwordHash: null, bio: null })
  })

  it('leaves the username, email and profile text in no file of the data directory', async () => {
    expect(everywhere(dataDir)).toEqual(nowhere)
    // A rebuild of the read model from the log does not bring the user back.
    await t.platform.projections.rebuild('users')
    expect(await t.platform.readStore.collection('users').findOne({ _id: doomed.user.id })).toBeNull()
    await t.close()
    closed = true
    expect(everywhere(dataDir)).toEqual(nowhere)
  })
})

describe('an account deletion the process did not live to erase', () => {
  it('is erased by the scheduler when the server starts again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'reelmates-halfway-'))
    let t = await createTestApp({ dataDir })
    try {
      const { client, user } = await register(t.app, 'halfway7391', { bio: 'halfway-bio-7391' })
      await agent(t.app).post('/api/forgot-password', { email: 'halfway7391@example.com' })
      expect(await mailsTo(t.platform, 'halfway7391@example.com')).toHaveLength(1)

      // The deletion is recorded, then the process stops before any erasure runs.
      await t.platform.scheduler.stop()
      await handleCommand(t.platform.eventStore, {
        decider: account,
        streamId: accountStreamId(user.id),
        command: {
          type: 'DeleteAccount',
          userId: user.id,
          currentPassword: 'correct',
          passwordHashChecked: (await loadState(t.platform.eventStore, account, accountStreamId(user.id))).passwordHash,
          deletedAt: new Date().toISOString(),
        },
        metadata: {
          correlationId: 'test',
          causationId: 'test',
          actorId: user.id,
          occurredAt: new Date().toISOString(),
        },
      })
      await t.close()
      expect(filesContaining(dataDir, 'halfway7391@example.com')).toContain('outbox.db')

      t = await createTestApp({ dataDir })
      expect(await t.platform.scheduler.waitForPosition(await t.platform.eventStore.headPosition(), 10_000)).toBe(true)
      expect(await t.platform.vault.lookup('username', 'halfway7391')).toBeNull()
      expect(await t.platform.mailer.list({ to: 'halfway7391@example.com' })).toEqual([])
      const sameBrowser = agent(t.app)
      for (const [name, value] of client.cookies) sameBrowser.cookies.set(name, value)
      expect((await sameBrowser.get('/api/user')).statusCode).toBe(401)
      await t.close()
      for (const text of ['halfway7391', 'halfway-bio-7391']) expect(filesContaining(dataDir, text)).toEqual([])
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

describe('a change in flight when its account is deleted', () => {
  let t: TestApp
  let inFlight = 0
  beforeAll(async () => (t = await createTestApp()))
  afterAll(() => t.close())

  /** Holds the next catalog look-up (a watch's or an add's first step) until the test lets it go. */
  function holdNextTitleLookUp() {
    const { catalog } = t.platform
    const details = catalog.details.bind(catalog)
    let reached!: () => void
    let release!: () => void
    const held = { reached: new Promise<void>((r) => (reached = r)), released: new Promise<void>((r) => (release = r)) }
    catalog.details = async (...args) => {
      catalog.details = details
      reached()
      await held.released
      return details(...args)
    }
    return { reached: held.reached, release }
  }

  it.each([
    ['a watch', '/api/watched', { review: 'words-in-flight-7391' }, 'watched'],
    ['a watchlist add', '/api/watchlist', { note: 'note-in-flight-7391' }, 'watchlist'],
  ])('refuses %s that lands after the erasure with 410, and records nothing', async (_, url, fields, stream) => {
    const { client, user } = await register(t.app, `inflight_${stream}`)
    const title = (await t.platform.catalog.trendingMovies()).results[0]!
    const lookUp = holdNextTitleLookUp()
    const change = client.post(url, { tmdbId: title.id, mediaType: 'movie', ...fields })
    await lookUp.reached
    expect((await client.delete('/api/user', { currentPassword: password })).statusCode).toBe(200)
    lookUp.release()

    const answer = await change
    expect(answer.statusCode, answer.body).toBe(410)
    expect(answer.json<{ message: string }>().message).toBe('Your account has been deleted.')
    expect(await t.platform.eventStore.readStream(`${stream}-${user.id}`)).toEqual([])
  })
  it.each([
    ['a profile save', null, (client: Agent) => client.put('/api/user/profile', { bio: 'words-in-flight-7391' })],
    [
      'an avatar removal',
      { avatarUrl: 'https://example.com/inflight.png' },
      (client: Agent) => client.delete('/api/user/avatar'),
    ],
  ])(
    'answers %s 410 when the account was deleted on another device before the answer was read',
    async (_, profile, change) => {
      const { client } = await register(t.app, `inflight_${(inFlight += 1)}`)
      if (profile) expect((await client.put('/api/user/profile', profile)).statusCode).toBe(200)
      const otherDevice = agent(t.app)
      for (const [name, value] of client.cookies) otherDevice.cookies.set(name, value)
      const deletion = beforeTheNextAnswerIsRead(t.platform, () =>
        otherDevice.delete('/api/user', { currentPassword: password }),
      )

      const answer = await change(client)
      expect((await deletion()).statusCode).toBe(200)
      expect(answer.statusCode, answer.body).toBe(410)
      expect(answer.json<{ message: string }>().message).toBe('This account has been deleted.')
    },
  )

  it('answers a sign-in on another device 401 when the account is deleted while its password is checked', async () => {
    const { client, user } = await register(t.app, `inflight_${(inFlight += 1)}`)
    const { passwords, projections, eventStore } = t.platform
    const verify = passwords.verify.bind(passwords)
    passwords.verify = async (...args) => {
      passwords.verify = verify
      const matches = await verify(...args)
      expect((await client.delete('/api/user', { currentPassword: password })).statusCode).toBe(200)
      await projections.waitForPosition(await eventStore.headPosition())
      return matches
    }

    const otherDevice = agent(t.app)
    const signIn = await otherDevice.post('/api/login', { username: user.username, password })
    expect(signIn.statusCode, signIn.body).toBe(401)
    expect((await otherDevice.get('/api/session')).json()).toEqual({ user: null })
  })
})
