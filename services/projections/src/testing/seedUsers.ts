import { UserRegistered } from '@reelmates/contracts/account'
import type { ProjectorDb } from '../projector'
import { users } from '../users/users'
import { seedEvent } from './seedEvent'

/** Registers members straight into the `users` read model, for specs of queries that show names. */
export async function seedUsers(db: ProjectorDb, usernames: Record<string, string>): Promise<void> {
  await users.setup?.(db)
  let revision = 0
  for (const [userId, username] of Object.entries(usernames)) {
    const registeredAt = '2026-01-01T00:00:00.000Z'
    const registered = UserRegistered({
      userId,
      username,
      email: `${username}@example.com`,
      passwordHash: 'x',
      location: null,
      bio: null,
      invitationToken: null,
      registeredAt,
    })
    await seedEvent(users, db, registered, {
      id: userId,
      streamId: `account-${userId}`,
      position: (revision += 1),
      at: registeredAt,
    })
  }
}
