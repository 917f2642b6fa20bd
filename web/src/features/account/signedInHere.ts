/**
 * Whether a member was signed in in this tab. Kept in sessionStorage: one tab's own, through reloads,
 * never another tab's. The sign-in page then tells a session that ended elsewhere (signed out in another
 * tab, expired, an admin's suspension) from a first visit, which has no mark, and from the member's own
 * Log out here, which takes the mark away before the session goes.
 */
const key = 'reelmates.signedInHere'

function tabStorage(): Storage | undefined {
  try {
    return window.sessionStorage
  } catch {
    // Storage disabled: no tab is known to have been signed in, and the sign-in page says nothing.
    return undefined
  }
}

/** The guards found a member signed in. */
export function markSignedInHere(): void {
  try {
    tabStorage()?.setItem(key, '1')
  } catch {
    // Storage full: the sign-in page will only lack its notice.
  }
}

/** The member logs out here (or deletes the account): their sign-in page has nothing to explain. */
export function forgetSignedInHere(): void {
  tabStorage()?.removeItem(key)
}

export function wasSignedInHere(): boolean {
  return tabStorage()?.getItem(key) === '1'
}
