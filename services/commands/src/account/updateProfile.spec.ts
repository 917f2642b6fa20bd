import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { EventStore } from '@reelmates/infra/eventStore/port'
import { createSqliteEventStore } from '@reelmates/infra/eventStore/sqliteEventStore'
import type { PersonalDataVault } from '@reelmates/infra/personalData/port'
import { createSqliteVault } from '@reelmates/infra/personalData/sqliteVault'
import { handleCommand } from '../handleCommand'
import { account, accountStreamId } from './account'
import { AlreadyTaken, updateProfile, type ProfilePorts } from './updateProfile'

const metadata = { correlationId: 'r1', causationId: 'r1', actorId: 'u1', occurredAt: '2026-11-24T08:00:00.000Z' }
const passwords: ProfilePorts['passwords'] = {
  hash: async (password) => `hashed:${password}`,
  verify: async (password, hash) => hash === `hashed:${password}`,
}

describe('updating a profile (application service)', () => {
  let eventStore: EventStore
  let vault: PersonalDataVault
  beforeEach(() => {
    eventStore = createSqliteEventStore({ path: ':memory:' })
    vault = createSqliteVault({ path: ':memory:', secret: 'a test secret of at least thirty-two characters' })
  })
  afterEach(async () => {
    await eventStore.close()
    await vault.close()
  })

  async function register(userId: string, username: string, email: string) {
    await vault.reserve('username', username, userId)
    await vault.reserve('email', email, userId)
    await handleCommand(eventStore, {
      decider: account,
      streamId: accountStreamId(userId),
      command: {
        type: 'RegisterUser',
        userId,
        username,
        email,
        passwordHash: 'hashed:secret-1',
        location: null,
        bio: null,
        invitationToken: null,
        registeredAt: metadata.occurredAt,
      },
      metadata,
    })
  }
  const ports = () => ({ eventStore, vault, passwords })

  it("refuses an email that is someone else's, records nothing and keeps no claim", async () => {
    await register('u1', 'ann', 'ann@example.com')
    await register('u2', 'ben', 'ben@example.com')
    const change = {
      userId: 'u1',
      changes: { username: 'annie', email: 'ben@example.com' },
      currentPassword: 'secret-1',
      metadata,
    }

    await expect(updateProfile(ports(), change)).rejects.toThrow(AlreadyTaken)
    await expect(updateProfile(ports(), change)).rejects.toMatchObject({ kind: 'conflict', fields: ['email'] })
    expect(await eventStore.readStream(accountStreamId('u1'))).toHaveLength(1)
    // The username it claimed on the way is free again.
    expect(await vault.reserve('username', 'annie', 'u2')).toBe(true)
  })

  it('moves the claim to the new email once the change is recorded', async () => {
    await register('u1', 'ann', 'ann@example.com')
    const { events } = await updateProfile(ports(), {
      userId: 'u1',
      changes: { email: 'ann@new.example.com' },
      currentPassword: 'secret-1',
      metadata,
    })

    expect(events.map((event) => event.type)).toContain('EmailChanged')
    expect(await vault.reserve('email', 'ann@new.example.com', 'u2')).toBe(false)
    expect(await vault.reserve('email', 'ann@example.com', 'u2')).toBe(true)
  })

  it('gives the new email back when the account refuses the change (wrong password)', async () => {
    await register('u1', 'ann', 'ann@example.com')
    await expect(
      updateProfile(ports(), {
        userId: 'u1',
        changes: { email: 'ann@new.example.com' },
        currentPassword: 'wrong',
        metadata,
      }),
    ).rejects.toMatchObject({ name: 'CurrentPasswordIncorrect' })
    expect(await vault.reserve('email', 'ann@new.example.com', 'u2')).toBe(true)
  })

  it('changes the password once when two changes from the same old password meet: the second finds it no longer current', async () => {
    await register('u1', 'ann', 'ann@example.com')
    // Both checks are made before either change is recorded, as on two devices at the same moment.
    let checking = 0
    let bothChecked: () => void = () => undefined
    const met = new Promise<void>((resolve) => (bothChecked = resolve))
    const slowPasswords: ProfilePorts['passwords'] = {
      ...passwords,
      verify: async (password, hash) => {
        checking += 1
        if (checking === 2) bothChecked()
        await met
        return passwords.verify(password, hash)
      },
    }
    const change = (newPassword: string) =>
      updateProfile(
        { eventStore, vault, passwords: slowPasswords },
        { userId: 'u1', changes: {}, currentPassword: 'secret-1', newPassword, metadata },
      )

    const outcomes = await Promise.allSettled([change('secret-x'), change('secret-y')])
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected')
    expect(refused).toHaveLength(1)
    expect(refused[0]).toMatchObject({ reason: { name: 'CurrentPasswordIncorrect' } })
    const changes = (await eventStore.readStream(accountStreamId('u1'))).filter(
      (event) => event.type === 'PasswordChanged',
    )
    expect(changes).toHaveLength(1)
  })
})
