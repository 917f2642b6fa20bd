import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agent, createTestApp, type TestApp } from '../testing/testApp'
import { password, register } from './accountFixtures'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
  await register(t.app, 'grace')
})
afterAll(() => t.close())

const taken = {
  username: 'This username is already taken. Please choose a different one.',
  email: 'This email is already registered. Please use a different email or sign in.',
}

describe('POST /api/register', () => {
  it('creates a User account, signs it in and answers the user with its log position', async () => {
    const client = agent(t.app)
    const answer = await client.post('/api/register', {
      username: 'linus',
      email: 'linus@example.com',
      password,
      location: '  Helsinki ',
      bio: '',
      invitationToken: null,
    })
    expect(answer.statusCode).toBe(201)
    const user = answer.json<Record<string, unknown>>()
    expect(user).toMatchObject({
      username: 'linus',
      email: 'linus@example.com',
      location: 'Helsinki',
      bio: null,
      role: 'User',
    })
    expect(user.position).toMatch(/^\d+$/)
    expect(Object.keys(user)).not.toContain('password')
    expect(JSON.stringify(user)).not.toContain(password)
    expect((await client.get('/api/user')).json()).toMatchObject({ id: user.id })
  })

  it('answers 409 with validationErrors when the username is taken, whatever its case', async () => {
    const answer = await agent(t.app).post('/api/register', { username: 'GRACE', email: 'other@example.com', password })
    expect(answer.statusCode).toBe(409)
    expect(answer.json()).toEqual({
      message: taken.username,
      error: 'Conflict',
      validationErrors: { username: taken.username },
    })
  })

  it('answers 409 with validationErrors when the email is taken', async () => {
    const answer = await agent(t.app).post('/api/register', {
      username: 'grace2',
      email: ' Grace@Example.com ',
      password,
    })
    expect(answer.statusCode).toBe(409)
    expect(answer.json()).toEqual({ message: taken.email, error: 'Conflict', validationErrors: { email: taken.email } })
  })

  it('names both when both are taken', async () => {
    const answer = await agent(t.app).post('/api/register', { username: 'grace', email: 'grace@example.com', password })
    expect(answer.statusCode).toBe(409)
    expect(answer.json()).toMatchObject({ validationErrors: taken })
  })

  it('gives back what it claimed when the other half was taken', async () => {
    // "hopper" is claimed, then given back because the email is taken: it must stay free.
    const refused = await agent(t.app).post('/api/register', {
      username: 'hopper',
      email: 'grace@example.com',
      password,
    })
    expect(refused.statusCode).toBe(409)
    expect((await agent(t.app).get('/api/validate-username?username=hopper')).json()).toEqual({ available: true })
    const client = agent(t.app)
    expect(
      (await client.post('/api/register', { username: 'hopper', email: 'hopper@example.com', password })).statusCode,
    ).toBe(201)
  })

  it('lets exactly one of two simultaneous sign-ups with the same username through', async () => {
    const answers = await Promise.all(
      ['race1@example.com', 'race2@example.com'].map((email) =>
        agent(t.app).post('/api/register', { username: 'racer', email, password }),
      ),
    )
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409])
  })

  it('checks the sign-up rules of spec §5 with their messages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ username: 'ab', email: 'ab@example.com', password }, 'username', 'Username must be at least 3 characters'],
      [
        { username: 'a'.repeat(51), email: 'long@example.com', password },
        'username',
        'Username must be at most 50 characters',
      ],
      [
        { username: 'has space', email: 'space@example.com', password },
        'username',
        'Username can only contain letters, numbers, dots, dashes and underscores',
      ],
      [{ username: 'valid', email: 'not-an-email', password }, 'email', 'Please enter a valid email address'],
      [{ username: 'valid', password }, 'email', 'Please enter a valid email address'],
      [
        { username: 'valid', email: 'valid@example.com', password: '12345' },
        'password',
        'Password must be at least 6 characters',
      ],
      [
        { username: 'valid', email: 'valid@example.com', password, location: 'x'.repeat(101) },
        'location',
        'Location must be at most 100 characters',
      ],
      [
        { username: 'valid', email: 'valid@example.com', password, bio: 'x'.repeat(501) },
        'bio',
        'Bio must be at most 500 characters',
      ],
    ]
    for (const [body, field, message] of cases) {
      const answer = await agent(t.app).post('/api/register', body)
      expect(answer.statusCode, JSON.stringify(body)).toBe(400)
      expect(answer.json<{ validationErrors: Record<string, string> }>().validationErrors[field]).toBe(message)
    }
    expect((await agent(t.app).get('/api/validate-username?username=valid')).json()).toEqual({ available: true })
  })

  it('refuses a sign-up without the CSRF token', async () => {
    const answer = await agent(t.app).post(
      '/api/register',
      { username: 'nocsrf', email: 'nocsrf@example.com', password },
      { csrf: false },
    )
    expect(answer.statusCode).toBe(403)
  })
})
