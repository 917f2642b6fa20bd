import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountStreamId } from '@reelmates/commands/account/account'
import { lastAdminMessages, suspendedMessage, type AdminUser } from '@reelmates/contracts/userManagement'
import { makeAdmin, password, register, type Registered } from '../account/accountFixtures'
import { agent, createTestApp, type TestApp } from '../testing/testApp'

let t: TestApp
let boss: Registered
beforeAll(async () => {
  t = await createTestApp()
  boss = await register(t.app, 'umboss')
  await makeAdmin(t.platform, boss.user.id)
})
afterAll(() => t.close())

const signIn = async (username: string) => {
  const client = agent(t.app)
  const answer = await client.post('/api/login', { username, password })
  return { client, answer }
}

describe('GET /api/admin/users', () => {
  it('finds users by part of their username or email, with facts and no secrets', async () => {
    await register(t.app, 'umcarla')
    const answer = await boss.client.get('/api/admin/users?query=CARLA')
    expect(answer.statusCode, answer.body).toBe(200)
    const { items, total, nextCursor } = answer.json<{ items: AdminUser[]; total: number; nextCursor: unknown }>()
    expect([total, nextCursor]).toEqual([1, null])
    expect(items).toEqual([
      expect.objectContaining({ username: 'umcarla', email: 'umcarla@example.com', role: 'User', suspended: false }),
    ])
    expect(answer.body).not.toMatch(/scrypt|passwordHash|pushSubscription|token/i)
  })

  it('refuses a page cursor it did not make, with a 400 that says what to do', async () => {
    for (const after of ['not-a-cursor', 'x'.repeat(401)]) {
      const answer = await boss.client.get(`/api/admin/users?after=${after}`)
      expect(answer.statusCode).toBe(400)
      expect(answer.json<{ message: string }>().message).toMatch(/start again from the first page/)
    }
  })
})

describe('PUT /api/admin/users/:id/role', () => {
  it('records the role change as an event with the acting admin', async () => {
    const { user } = await register(t.app, 'umdora')
    const answer = await boss.client.put(`/api/admin/users/${user.id}/role`, { role: 'Admin' })
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json()).toMatchObject({ id: user.id, role: 'Admin' })
    const events = await t.platform.eventStore.readStream(accountStreamId(user.id))
    const change = events.find((event) => event.type === 'UserRoleChanged')
    expect(change?.data).toMatchObject({ role: 'Admin', previousRole: 'User' })
    expect(change?.metadata.actorId).toBe(boss.user.id)
    // The new admin is one at once: the guard reads the role from the read model, not the session.
    expect((await (await signIn('umdora')).client.get('/api/admin/users')).statusCode).toBe(200)
  })

  it('refuses a role that does not exist', async () => {
    const { user } = await register(t.app, 'umerin')
    const answer = await boss.client.put(`/api/admin/users/${user.id}/role`, { role: 'Owner' })
    expect(answer.statusCode).toBe(400)
    expect(answer.json()).toMatchObject({ message: 'Role must be User or Admin' })
  })

  it('answers 404 for an unknown user', async () => {
    const answer = await boss.client.put('/api/admin/users/nobody-here/role', { role: 'Admin' })
    expect(answer.statusCode).toBe(404)
  })
})

describe('the last admin', () => {
  it('cannot be demoted, suspended or deleted; with a second admin they can', async () => {
    const solo = await createTestApp()
    try {
      const only = await register(solo.app, 'lastone')
      await makeAdmin(solo.platform, only.user.id)
      const id = only.user.id
      const demote = await only.client.put(`/api/admin/users/${id}/role`, { role: 'User' })
      expect(demote.statusCode).toBe(409)
      expect(demote.json()).toMatchObject({ message: lastAdminMessages.demote })
      const suspend = await only.client.post(`/api/admin/users/${id}/suspend`)
      expect(suspend.statusCode).toBe(409)
      expect(suspend.json()).toMatchObject({ message: lastAdminMessages.suspend })
      expect((await only.client.delete(`/api/admin/users/${id}`)).statusCode).toBe(409)
      expect((await only.client.get(`/api/admin/users/${id}`)).json()).toMatchObject({
        role: 'Admin',
        suspended: false,
      })

      const second = await register(solo.app, 'secondone')
      await makeAdmin(solo.platform, second.user.id)
      const nowAllowed = await only.client.put(`/api/admin/users/${id}/role`, { role: 'User' })
      expect(nowAllowed.statusCode, nowAllowed.body).toBe(200)
      expect(nowAllowed.json()).toMatchObject({ role: 'User' })
    } finally {
      await solo.close()
    }
  })

  it('counts a suspended admin as no admin at all', async () => {
    const solo = await createTestApp()
    try {
      const first = await register(solo.app, 'firstadm')
      const second = await register(solo.app, 'secondadm')
      await makeAdmin(solo.platform, first.user.id)
      await makeAdmin(solo.platform, second.user.id)
      expect((await first.client.post(`/api/admin/users/${second.user.id}/suspend`)).statusCode).toBe(200)
      const demoteSelf = await first.client.put(`/api/admin/users/${first.user.id}/role`, { role: 'User' })
      expect(demoteSelf.statusCode).toBe(409)
    } finally {
      await solo.close()
    }
  })
})

describe('suspending and restoring sign-in', () => {
  it("ends the user's sessions at once, refuses new sign-ins, and restores them", async () => {
    const fran = await register(t.app, 'umfran')
    const other = await signIn('umfran')
    expect((await fran.client.get('/api/user')).statusCode).toBe(200)
    expect((await other.client.get('/api/user')).statusCode).toBe(200)

    const suspended = await boss.client.post(`/api/admin/users/${fran.user.id}/suspend`)
    expect(suspended.statusCode, suspended.body).toBe(200)
    expect(suspended.json()).toMatchObject({ suspended: true })
    // Both of the user's sessions are over: the very next request is a visitor's.
    expect((await fran.client.get('/api/user')).statusCode).toBe(401)
    expect((await other.client.get('/api/user')).statusCode).toBe(401)

    const again = await signIn('umfran')
    expect(again.answer.statusCode).toBe(403)
    expect(again.answer.json()).toMatchObject({ message: suspendedMessage })

    const events = await t.platform.eventStore.readStream(accountStreamId(fran.user.id))
    expect(events.find((event) => event.type === 'UserSuspended')?.metadata.actorId).toBe(boss.user.id)

    const restored = await boss.client.post(`/api/admin/users/${fran.user.id}/restore`)
    expect(restored.json()).toMatchObject({ suspended: false })
    expect((await signIn('umfran')).answer.statusCode).toBe(200)
  })
})

describe('DELETE /api/admin/users/:id', () => {
  it('deletes the account with the existing erasure: sessions end and the name is free again', async () => {
    const gil = await register(t.app, 'umgil')
    const answer = await boss.client.delete(`/api/admin/users/${gil.user.id}`)
    expect(answer.statusCode, answer.body).toBe(200)
    expect((await gil.client.get('/api/user')).statusCode).toBe(401)
    expect((await boss.client.get(`/api/admin/users/${gil.user.id}`)).statusCode).toBe(404)
    const events = await t.platform.eventStore.readStream(accountStreamId(gil.user.id))
    expect(events.at(-1)).toMatchObject({ type: 'AccountDeleted', metadata: { actorId: boss.user.id } })
    expect((await boss.client.delete(`/api/admin/users/${gil.user.id}`)).statusCode).toBe(410)
    await register(t.app, 'umgil')
  })
})
