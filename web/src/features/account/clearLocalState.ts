import { catalogSessionCache } from '../catalog/sessionCache'
import { forgetLocalAnswers } from '../offline/offlineSession'
import { stepsDoneStoragePrefix } from '../onboarding/stepsDoneHere'
import { dropThisDevicesPush } from '../notifications/pushDevice'
import { deleteCaches } from '../update/serviceWorker'
import { clearPersistedAuth } from './persistedAuth'

/**
 * Runtime caches the service worker fills (see service-worker.ts); logout deletes them (spec §4).
 *
 * "The browser cache holding the product's assets" (spec §4, and §9's "a named cache for the product's
 * assets") is read as this named runtime cache (logos, posters), not Workbox's precache: the precache is
 * the app shell itself, holds nothing about the person, and deleting it would leave the installed app
 * unable to open offline until the worker installs again.
 */
export const assetsCacheName = 'reelmates-assets'
export const avatarCachePrefix = 'reelmates-avatars'
const avatarStoragePrefix = 'reelmates.avatar'

/**
 * Forgets what this device kept about the signed-in person: the persisted auth state, the catalog
 * lists kept for the session, the answers kept for offline use, the avatar caches and the cache holding the product's assets,
 * and this browser's push subscription with the notifications it shows.
 */
export async function clearLocalAccountState(): Promise<void> {
  clearPersistedAuth(window.localStorage)
  forgetLocalAnswers()
  catalogSessionCache.clear()
  for (const storage of [window.localStorage, window.sessionStorage]) {
    for (const key of Object.keys(storage))
      if (key.startsWith(avatarStoragePrefix) || key.startsWith(stepsDoneStoragePrefix)) storage.removeItem(key)
  }
  await deleteCaches((name) => name === assetsCacheName || name.startsWith(avatarCachePrefix))
  await dropThisDevicesPush()
}
