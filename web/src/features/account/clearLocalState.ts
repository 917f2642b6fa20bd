import { clearPersistedAuth } from './persistedAuth'

/** Runtime caches the service worker fills (see service-worker.ts); logout deletes them (spec §4). */
export const assetsCacheName = 'reelmates-assets'
export const avatarCachePrefix = 'reelmates-avatars'
const avatarStoragePrefix = 'reelmates.avatar'

/**
 * Forgets what this device kept about the signed-in person: the persisted auth state, the avatar
 * caches and the cache holding the product's assets.
 */
export async function clearLocalAccountState(): Promise<void> {
  clearPersistedAuth(window.localStorage)
  for (const storage of [window.localStorage, window.sessionStorage]) {
    for (const key of Object.keys(storage)) if (key.startsWith(avatarStoragePrefix)) storage.removeItem(key)
  }
  if (!('caches' in window)) return
  const names = await caches.keys()
  await Promise.all(
    names
      .filter((name) => name === assetsCacheName || name.startsWith(avatarCachePrefix))
      .map((name) => caches.delete(name)),
  )
}
