/** Removes every service worker registration of this origin (admin routes, Update Now). */
export async function unregisterServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return
  const registrations = await navigator.serviceWorker.getRegistrations()
  await Promise.all(registrations.map((registration) => registration.unregister()))
}

/** Workbox's precache: the worker's own copy of the built app, which it opens offline from. */
export const isPrecache = (cacheName: string) => cacheName.startsWith('workbox-precache')

export async function deleteCaches(which: (cacheName: string) => boolean): Promise<void> {
  if (!('caches' in window)) return
  const names = await caches.keys()
  await Promise.all(names.filter(which).map((name) => caches.delete(name)))
}

/** Whether the server answers now (its version file, past every cache), within `withinMs`. */
export async function serverAnswers(withinMs = 5000): Promise<boolean> {
  try {
    const answer = await fetch(`/version.json?_ts=${Date.now()}`, {
      cache: 'no-store',
      signal: AbortSignal.timeout(withinMs),
    })
    return answer.ok
  } catch {
    return false
  }
}

/**
 * The new version's worker, once installed (its precache filled): the one already waiting, or the one
 * the browser finds on looking again — the version file often names a new build before the browser
 * has looked at the worker's script. Undefined when there is none within `withinMs`.
 */
function installedWorker(
  registration: ServiceWorkerRegistration,
  withinMs: number,
): Promise<ServiceWorker | undefined> {
  return new Promise((resolve) => {
    let settled = false
    const finish = (worker: ServiceWorker | null | undefined) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      registration.removeEventListener('updatefound', follow)
      resolve(worker ?? undefined)
    }
    const timer = setTimeout(() => finish(registration.waiting), withinMs)
    function follow() {
      const installing = registration.installing
      if (!installing) return
      installing.addEventListener('statechange', () => {
        if (installing.state === 'installed') finish(installing)
        else if (installing.state === 'redundant') finish(registration.waiting)
      })
    }
    if (registration.waiting) return finish(registration.waiting)
    registration.addEventListener('updatefound', follow)
    if (registration.installing) return follow()
    registration.update().then(
      () => {
        if (!registration.installing && !registration.waiting) finish(undefined)
      },
      () => finish(undefined),
    )
  })
}

/**
 * Puts the new version's worker in charge of this page (SKIP_WAITING, then its `controllerchange`),
 * so the reload that follows is served the new build by it and the app still opens offline after.
 * Reloading without it left the new worker waiting for good: its offer came in the 30 s after an
 * update, when the banner stays away, and the browser tells of a waiting worker once.
 * False when no new worker was ready in time; the reload then gets the build the current worker
 * holds, and the banner comes back once the new one is waiting.
 */
export async function activateNewWorker({ installMs = 20_000, activateMs = 5_000 } = {}): Promise<boolean> {
  if (!('serviceWorker' in navigator)) return false
  const registration = await navigator.serviceWorker.getRegistration()
  if (!registration) return false
  const next = await installedWorker(registration, installMs)
  if (!next) return false
  const inCharge = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), activateMs)
    navigator.serviceWorker.addEventListener(
      'controllerchange',
      () => {
        clearTimeout(timer)
        resolve(true)
      },
      { once: true },
    )
  })
  next.postMessage({ type: 'SKIP_WAITING' })
  return inCharge
}
