import type { LibraryChange } from './libraryChanges'

/**
 * The user's changes that the server has not confirmed yet, in the order they were made.
 * Screens subscribe to it (useSyncExternalStore), so the snapshot is a new array on every change.
 */
export interface PendingChanges {
  current: () => readonly LibraryChange[]
  add: (change: LibraryChange) => void
  /** The change is confirmed (and folded into the cached lists) or refused: stop showing it as pending. */
  settle: (change: LibraryChange) => void
  subscribe: (listener: () => void) => () => void
}

export function createPendingChanges(): PendingChanges {
  let changes: readonly LibraryChange[] = []
  const listeners = new Set<() => void>()
  const publish = (next: readonly LibraryChange[]) => {
    changes = next
    for (const listener of listeners) listener()
  }
  return {
    current: () => changes,
    add: (change) => publish([...changes, change]),
    settle: (change) => publish(changes.filter((pending) => pending !== change)),
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
