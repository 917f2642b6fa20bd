/**
 * A screen's code is a file of its own (a chunk), fetched when the screen is first opened. Fetching
 * it can fail for two reasons the browser words alike: the server cannot be reached, or a new release
 * replaced the files this page was built with (a stale chunk). Only a reload helps the second; with
 * the first, a reload lands on the browser's "This site can't be reached" page, out of the app (in the
 * installed app, a page with no address bar). So the app tells them apart by asking the server first
 * (`components/shell/PageError.tsx`), and reloads only when it answers.
 */

/** The browsers' words for a dynamic import that failed (as TanStack Router's `isModuleNotFoundError` reads them), and Vite's for a stylesheet it preloads with one. */
const failedImport = [
  'Failed to fetch dynamically imported module',
  'error loading dynamically imported module',
  'Importing a module script failed',
  'Unable to preload CSS',
]

export function isChunkLoadFailure(error: unknown): error is Error {
  return error instanceof Error && failedImport.some((words) => error.message.startsWith(words))
}

/**
 * TanStack Router's lazy route components reload the page by themselves, once a session for each
 * failure's words, when a route's chunk fails to load: the reload into the browser's error page. The
 * router skips it when its session key for those words is set, so the app sets it as Vite reports the
 * failure ('vite:preloadError', dispatched before the import rejects, for every dynamic import of the
 * built app), and the failure reaches the router's error component, which decides.
 */
export const routerReloadKey = (error: Error) => `tanstack_router_reload:${error.message}`

export function decideChunkReloads(target: Window = window): void {
  target.addEventListener('vite:preloadError', (event) => {
    const error = (event as Event & { payload?: unknown }).payload
    if (!isChunkLoadFailure(error)) return
    try {
      sessionStorage.setItem(routerReloadKey(error), '1')
    } catch {
      // Storage refused (a private window's quota): the router reloads as it did before.
    }
  })
}

const ownReloadKey = (error: Error) => `reelmates:reloaded-for:${error.message}`
/** A failure that comes back this soon after its reload is one a reload does not mend. */
export const reloadMendsWithinMs = 60_000

/**
 * Reloads the page for a chunk that failed while the server answers: a new release replaced it, or
 * the browser keeps the failed fetch for the page's life (Chromium does, so asking again in place
 * fails again without asking the server). Not again for the same failure within a minute of its
 * reload: a chunk that fails on the fresh page too shows the error instead of reloading forever.
 * False when the reload was not made.
 */
export function reloadOnceFor(
  error: Error,
  reload: () => void = () => window.location.reload(),
  now: number = Date.now(),
): boolean {
  try {
    const reloadedAt = Number(sessionStorage.getItem(ownReloadKey(error)) ?? Number.NaN)
    if (now - reloadedAt < reloadMendsWithinMs) return false
    sessionStorage.setItem(ownReloadKey(error), String(now))
  } catch {
    return false
  }
  reload()
  return true
}
