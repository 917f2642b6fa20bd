import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { agent, createTestApp, type TestApp } from '../testing/testApp'
import { password, register, type Registered } from './accountFixtures'

let t: TestApp
let ada: Registered

beforeAll(async () => {
  t = await createTestApp()
  ada = await register(t.app, 'ada', { location: 'London', bio: 'Noir and more noir' })
})
afterAll(() => t.close())

describe('GET /api/user', () => {
  it('answers 401 with JSON when nobody is signed in', async () => {
    const answer = await agent(t.app).get('/api/user')
    expect(answer.statusCode).toBe(401)
    expect(answer.json()).toEqual({ message: 'You need to sign in first.', error: 'Unauthorized' })
  })

  it('answers the signed-in user, without password or secrets', async () => {
    const answer = await ada.client.get('/api/user')
    expect(answer.statusCode).toBe(200)
    const { createdAt, ...user } = answer.json<{ createdAt: string }>()
    expect(new Date(createdAt).toISOString()).toBe(createdAt)
    expect(user).toEqual({
      id: ada.user.id,
      username: 'ada',
      email: 'ada@example.com',
      location: 'London',
      bio: 'Noir and more noir',
      avatarUrl: null,
      digestType: 'weekly',
      onboardingCompleted: false,
      receiveCampaignEmails: true,
      pushNotificationsEnabled: false,
      role: 'User',
      lastActivityVisit: null,
      lastNewsVisit: null,
    })
  })
})

describe('GET /api/session', () => {
  it('answers null, not a 401, when nobody is signed in, and starts no session', async () => {
    const answer = await agent(t.app).get('/api/session')
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({ user: null })
    expect(answer.headers['set-cookie']).toBeUndefined()
  })

  it('answers the signed-in user as GET /api/user does', async () => {
    const answer = await ada.client.get('/api/session')
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({ user: (await ada.client.get('/api/user')).json<unknown>() })
  })

  it('answers null once the session is over', async () => {
    const client = agent(t.app)
    await client.post('/api/login', { username: 'ada', password })
    expect((await client.get('/api/session')).json()).toMatchObject({ user: { id: ada.user.id } })
    await client.post('/api/logout')
    expect((await client.get('/api/session')).json()).toEqual({ user: null })
  })

  it('ends a session whose account was deleted elsewhere, and says why', async () => {
    const phone = await register(t.app, 'shortlived')
    const laptop = agent(t.app)
    await laptop.post('/api/login', { username: 'shortlived', password })
    expect((await phone.client.delete('/api/user', { currentPassword: password })).statusCode).toBe(200)
    expect((await laptop.get('/api/session')).json()).toEqual({ user: null, ended: 'accountDeleted' })
    expect((await laptop.get('/api/user')).statusCode).toBe(401)
  })

  it('says the account was deleted, not a 500, to a session whose account is gone before its erasure ran', async () => {
    const doomed = await register(t.app, 'halfgone')
    // The account's read-model document went, and its sessions were not yet made markers.
    await t.platform.readStore.collection('users').deleteOne({ _id: doomed.user.id })
    const session = await doomed.client.get('/api/session')
    expect(session.statusCode, session.body).toBe(200)
    expect(session.json()).toEqual({ user: null, ended: 'accountDeleted' })
    expect((await doomed.client.get('/api/user')).json()).toEqual({
      message: 'Your account was deleted.',
      error: 'AccountDeleted',
    })
  })
})

describe('POST /api/login', () => {
  it('signs in with username and password and answers the user', async () => {
    const client = agent(t.app)
    const answer = await client.post('/api/login', { username: 'ada', password })
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({ id: ada.user.id, username: 'ada' })
    expect((await client.get('/api/user')).json()).toMatchObject({ id: ada.user.id })
  })

  it('finds the account whatever the case of the username, or by its email', async () => {
    expect((await agent(t.app).post('/api/login', { username: 'ADA', password })).statusCode).toBe(200)
    expect((await agent(t.app).post('/api/login', { username: 'Ada@Example.com', password })).statusCode).toBe(200)
  })

  it('gives a new session id at sign-in (no session fixation)', async () => {
    const client = agent(t.app)
    await client.get('/api/csrf-token')
    const before = client.cookies.get('reelmates.sid')
    expect(before).toBeDefined()
    await client.post('/api/login', { username: 'ada', password })
    expect(client.cookies.get('reelmates.sid')).not.toBe(before)
  })

  it('answers 401 with an error for a wrong password, and signs nobody in', async () => {
    const client = agent(t.app)
    const answer = await client.post('/api/login', { username: 'ada', password: 'wrong-horse' })
    expect(answer.statusCode).toBe(401)
    expect(answer.json()).toEqual({ message: 'Invalid username or password', error: 'Invalid username or password' })
    expect((await client.get('/api/user')).statusCode).toBe(401)
  })

  it('answers the same 401 for a username nobody has', async () => {
    const answer = await agent(t.app).post('/api/login', { username: 'nobody-here', password })
    expect(answer.statusCode).toBe(401)
    expect(answer.json()).toEqual({ message: 'Invalid username or password', error: 'Invalid username or password' })
  })

  it('checks the sign-in rules of spec §5 with their messages', async () => {
    const short = await agent(t.app).post('/api/login', { username: 'ad', password })
    expect(short.statusCode).toBe(400)
    expect(short.json()).toMatchObject({
      message: 'Username must be at least 3 characters',
      validationErrors: { username: 'Username must be at least 3 characters' },
    })
    const weak = await agent(t.app).post('/api/login', { username: 'ada', password: '12345' })
    expect(weak.statusCode).toBe(400)
    expect(weak.json()).toMatchObject({ validationErrors: { password: 'Password must be at least 6 characters' } })
    const missing = await agent(t.app).post('/api/login', {})
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({ validationErrors: { username: 'Username must be at least 3 characters' } })
  })

  it('refuses a sign-in without the CSRF token', async () => {
    const answer = await agent(t.app).post('/api/login', { username: 'ada', password }, { csrf: false })
    expect(answer.statusCode).toBe(403)
    expect(answer.json()).toMatchObject({ error: 'Forbidden' })
  })
})

describe('POST /api/logout', () => {
  it('ends the session', async () => {
    const client = agent(t.app)
    await client.post('/api/login', { username: 'ada', password })
    const answer = await client.post('/api/logout')
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({ message: "You've been successfully logged out." })
    expect((await client.get('/api/user')).statusCode).toBe(401)
  })

  it('ends it for good: the old session cookie no longer signs in', async () => {
    const client = agent(t.app)
    await client.post('/api/login', { username: 'ada', password })
    const cookie = `reelmates.sid=${client.cookies.get('reelmates.sid') ?? ''}`
    await client.post('/api/logout')
    const replay = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })
    expect(replay.statusCode).toBe(401)
  })

  it('answers a logout with no session as done: there is nothing left to end', async () => {
    const nobody = agent(t.app)
    const answer = await nobody.post('/api/logout')
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({ message: "You've been successfully logged out." })
    expect((await nobody.get('/api/user')).statusCode).toBe(401)
  })

  it('refuses a logout without the CSRF token', async () => {
    expect((await ada.client.post('/api/logout', undefined, { csrf: false })).statusCode).toBe(403)
    expect((await ada.client.get('/api/user')).statusCode).toBe(200)
  })
})

describe('GET /api/validate-username', () => {
  it('says whether anybody holds a username, ignoring case', async () => {
    expect((await agent(t.app).get('/api/validate-username?username=ada')).json()).toEqual({ available: false })
    expect((await agent(t.app).get('/api/validate-username?username=ADA')).json()).toEqual({ available: false })
    expect((await agent(t.app).get('/api/validate-username?username=grace')).json()).toEqual({ available: true })
  })

  it('looks up no email: a registered and an unknown address get the same 400, with the username rule', async () => {
    const lookups: string[] = []
    const lookup = t.platform.vault.lookup.bind(t.platform.vault)
    const spy = vi.spyOn(t.platform.vault, 'lookup').mockImplementation((kind, value) => {
      lookups.push(value)
      return lookup(kind, value)
    })
    try {
      const registered = await agent(t.app).get('/api/validate-username?username=ada@example.com')
      const unknown = await agent(t.app).get('/api/validate-username?username=nobody@example.com')
      for (const answer of [registered, unknown]) {
        expect(answer.statusCode).toBe(400)
        expect(answer.json()).toMatchObject({
          message: 'Username can only contain letters, numbers, dots, dashes and underscores',
        })
      }
      expect(registered.body).toBe(unknown.body)
      expect(lookups).toEqual([])
    } finally {
      spy.mockRestore()
    }
  })

  it('asks for the username to check', async () => {
    const missing = await agent(t.app).get('/api/validate-username')
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({ message: 'A username to check is required' })
    const long = await agent(t.app).get(`/api/validate-username?username=${'a'.repeat(201)}`)
    expect(long.statusCode).toBe(400)
    expect(long.json()).toMatchObject({ message: 'A username is at most 200 characters' })
    const short = await agent(t.app).get('/api/validate-username?username=ab')
    expect(short.statusCode).toBe(400)
    expect(short.json()).toMatchObject({ message: 'Username must be at least 3 characters' })
  })
})
