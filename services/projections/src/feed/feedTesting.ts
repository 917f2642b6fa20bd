import type { Projector } from '../projector'
import { activities } from '../activities/activities'
import { friendships } from '../friends/friendships'
import { users } from '../users/users'
import { feedProjectors } from './feedProjectors'

/** Several read models driven as one, so a spec feeds events once and queries across them. */
export function readModelsAsOne(name: string, parts: readonly Projector[]): Projector {
  return {
    name,
    version: 1,
    collections: parts.flatMap((part) => part.collections),
    handles: [...new Set(parts.flatMap((part) => part.handles))],
    async setup(db) {
      for (const part of parts) await part.setup?.(db)
    },
    async project(event, db) {
      for (const part of parts) if (part.handles.includes(event.type)) await part.project(event, db)
    },
  }
}

/** Every read model the feed reads. */
export const feedReadModels: Projector = readModelsAsOne('feed_spec', [
  users,
  activities,
  friendships,
  ...feedProjectors,
])
