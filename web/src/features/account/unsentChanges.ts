import type { Mutation } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'

/** The question Log out asks while changes made on this device have not reached the server. */
export interface UnsentQuestion {
  title: string
  text: string
  answer: (logOut: boolean) => void
}

// What a waiting change is a change to, by its mutation key (lib/waitingChanges' changes).
const watchedLogActions = new Set(['markWatched', 'editWatched', 'putBackWatched', 'removeWatched'])
function placeOf(change: Pick<Mutation, 'options'>): string | undefined {
  const [feature, action] = change.options.mutationKey ?? []
  if (feature === 'library') return watchedLogActions.has(String(action)) ? 'your watched log' : 'your watchlist'
  if (feature === 'feed') return 'the feed'
  if (feature === 'recommendations') return 'your recommendations'
  return undefined
}

const listed = (places: readonly string[]) =>
  places.length <= 1 ? (places[0] ?? '') : `${places.slice(0, -1).join(', ')} and ${places.at(-1) ?? ''}`

/**
 * The changes the member made themselves: the app's own (a mark of what was seen) go unasked, as
 * they were made unsaid (`meta.background`).
 */
export const madeByTheMember = (changes: readonly Mutation[]): Mutation[] =>
  changes.filter((change) => change.meta?.background !== true)

/** "1 change not sent yet" and what logging out would lose, in the words of where the changes were made. */
export function unsentWords(changes: readonly Pick<Mutation, 'options'>[]): { title: string; text: string } {
  const one = changes.length === 1
  const places = changes.map(placeOf)
  const known = places.every((place) => place !== undefined)
  const where = known ? ` to ${listed([...new Set(places)])}` : ''
  return {
    title: `${changes.length} ${one ? 'change' : 'changes'} not sent yet`,
    text: one
      ? `Your change${where} hasn’t reached Reelmates yet. If you log out now it will be lost.`
      : `Your ${changes.length} changes${where} haven’t reached Reelmates yet. If you log out now they will be lost.`,
  }
}

let asked: UnsentQuestion | null = null
const listeners = new Set<() => void>()
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
const setAsked = (question: UnsentQuestion | null) => {
  asked = question
  for (const listener of listeners) listener()
}

/** Asks (in `UnsentChangesDialog`) whether to log out though `changes` would be lost: true to log out. */
export function askBeforeLosingUnsent(changes: readonly Mutation[]): Promise<boolean> {
  asked?.answer(false)
  return new Promise((resolve) => {
    const question: UnsentQuestion = {
      ...unsentWords(changes),
      // The first answer counts: closing the dialog after "Log out anyway" answers again.
      answer: (logOut) => {
        if (asked !== question) return
        setAsked(null)
        resolve(logOut)
      },
    }
    setAsked(question)
  })
}

export function useUnsentQuestion(): UnsentQuestion | null {
  return useSyncExternalStore(subscribe, () => asked)
}
