/** True when the app runs installed (standalone), where spec §4/§9 change a few behaviours. */
export function isInstalledApp(): boolean {
  if (typeof window === 'undefined') return false
  const navigatorStandalone = (window.navigator as Navigator & { standalone?: boolean }).standalone === true
  return navigatorStandalone || window.matchMedia('(display-mode: standalone)').matches
}

export function isIos(): boolean {
  return typeof navigator !== 'undefined' && /iPad|iPhone|iPod/.test(navigator.userAgent)
}
