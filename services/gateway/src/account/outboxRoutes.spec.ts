import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agent, createTestApp, type TestApp } from '../testing/testApp'
import { makeAdmin, mailsTo, register } from './accountFixtures'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('GET /api/admin/outbox', () => {
  it('is for admins only', async () => {
    expect((await agent(t.app).get('/api/admin/outbox')).statusCode).toBe(401)
    const { client } = await register(t.app, 'plainuser')
    const refused = await client.get('/api/admin/outbox')
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ message: "You don't have permission to access this page." })
  })

  it('lists the mails kept in the outbox, newest first, optionally for one address', async () => {
    const { client, user } = await register(t.app, 'boss')
    await makeAdmin(t.platform, user.id)
    await register(t.app, 'asker')
    await agent(t.app).post('/api/forgot-username', { email: 'asker@example.com' })
    await agent(t.app).post('/api/forgot-password', { email: 'asker@example.com' })
    await mailsTo(t.platform, 'asker@example.com')

    const answer = await client.get('/api/admin/outbox?to=asker@example.com')
    expect(answer.statusCode).toBe(200)
    const { messages } = answer.json<{ messages: { category: string; to: string; status: string }[] }>()
    expect(messages.map((m) => m.category)).toEqual(['password-reset', 'username-reminder'])
    expect(messages.every((m) => m.to === 'asker@example.com' && m.status === 'outbox')).toBe(true)
    expect((await client.get('/api/admin/outbox?limit=1')).json<{ messages: unknown[] }>().messages).toHaveLength(1)

    // Part of the address, in any case, finds them; LIKE's wildcards typed are plain characters.
    const part = (await client.get('/api/admin/outbox?to=ASKER')).json<{ messages: { to: string }[] }>().messages
    expect(part.map((m) => m.to)).toEqual(['asker@example.com', 'asker@example.com'])
    for (const none of ['ask_r', 'a%r', 'nobody']) {
      const answer = (await client.get(`/api/admin/outbox?to=${encodeURIComponent(none)}`)).json<{
        messages: unknown[]
      }>()
      expect(answer.messages, none).toEqual([])
    }
  })
})
