/** Spec §9: check every 5 minutes and on visibility; after an attempt, stay quiet for 30 s. */
export const versionCheckIntervalMs = 5 * 60 * 1000
export const updateSuppressionMs = 30 * 1000
const attemptKey = 'reelmates.updateAttemptAt'

export interface VersionFile {
  version: string
  buildTimestamp: string
}

/** A server build differs from ours when its timestamp differs (older or newer: either way we are not it). */
export function isNewBuild(file: Partial<VersionFile> | undefined, running: string): boolean {
  return typeof file?.buildTimestamp === 'string' && file.buildTimestamp !== '' && file.buildTimestamp !== running
}

export function rememberUpdateAttempt(storage: Storage, now: number = Date.now()): void {
  try {
    storage.setItem(attemptKey, String(now))
  } catch {
    // Without storage the banner may come back sooner; nothing breaks.
  }
}

export function isUpdatePromptSuppressed(storage: Storage, now: number = Date.now()): boolean {
  const at = Number(storage.getItem(attemptKey))
  return Number.isFinite(at) && at > 0 && now - at < updateSuppressionMs && now >= at
}

/** Update Now reloads with `refresh` (or `pwa_update` on iOS, whose installed app ignores plain reloads). */
export function reloadAddress(current: string, ios: boolean, now: number = Date.now()): string {
  const url = new URL(current)
  url.searchParams.delete('refresh')
  url.searchParams.delete('pwa_update')
  url.searchParams.set(ios ? 'pwa_update' : 'refresh', String(now))
  return url.pathname + url.search + url.hash
}
