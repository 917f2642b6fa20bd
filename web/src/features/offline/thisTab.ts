/**
 * This tab among the others of the app open in the browser: the changes waiting in each tab are kept
 * apart on the device (./keptAnswers), and those of a tab that has gone (closed, or crashed) are taken
 * up by the next tab that starts. A tab keeps its id through a reload (sessionStorage) and holds a Web
 * Lock named by it while it lives, so another tab can tell a living tab's changes from a closed one's.
 */
const idKey = 'reelmates.tabId'
const lockPrefix = 'reelmates.tab.'

let id: string | undefined
let held: Promise<void> | undefined

const newId = () =>
  typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`

function storedId(): string {
  try {
    const found = window.sessionStorage.getItem(idKey)
    if (found) return found
    const made = newId()
    window.sessionStorage.setItem(idKey, made)
    return made
  } catch {
    return newId()
  }
}

/** This tab's id (the same after a reload; a new one once a duplicated tab is found sharing it). */
export function thisTabId(): string {
  id ??= storedId()
  return id
}

type Locks = Pick<LockManager, 'request' | 'query'>
const locks = (): Locks | undefined => (typeof navigator === 'undefined' ? undefined : navigator.locks)

/**
 * Holds this tab's lock for as long as the page lives. A tab duplicated by the browser starts with
 * the same id (sessionStorage is copied): finding the lock taken, it takes a new id.
 */
export function holdThisTab(): Promise<void> {
  held ??= (async () => {
    const manager = locks()
    if (!manager) return
    for (let attempt = 0; attempt < 3; attempt++) {
      const taken = await new Promise<boolean>((resolve) => {
        void manager.request(`${lockPrefix}${thisTabId()}`, { ifAvailable: true }, (lock) => {
          resolve(lock !== null)
          // Held until the page goes: the browser lets it go with the page.
          return lock ? new Promise<void>(() => undefined) : undefined
        })
      })
      if (taken) return
      id = newId()
      try {
        window.sessionStorage.setItem(idKey, id)
      } catch {
        // The id lives in memory only: a reload starts as a new tab, whose old changes the next start takes up.
      }
    }
  })()
  return held
}

/** The tabs alive now (their ids), or undefined where the browser cannot tell (no Web Locks). */
export async function liveTabIds(): Promise<Set<string> | undefined> {
  const manager = locks()
  if (!manager) return undefined
  const { held: taken = [] } = await manager.query()
  const ids = taken
    .map((lock) => lock.name ?? '')
    .filter((name) => name.startsWith(lockPrefix))
    .map((name) => name.slice(lockPrefix.length))
  return new Set(ids)
}
