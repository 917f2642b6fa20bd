/**
 * The address inside this app a notification's link opens, or `fallback` when the link would leave
 * the site: `//host`, `/\host` (browsers read the backslash as a slash) or another origin. Links are
 * checked when an announcement is made; this keeps those stored before that check at home too.
 */
export function inAppHref(url: string, origin: string, fallback = '/home'): string {
  try {
    const resolved = new URL(url, origin)
    return resolved.origin === origin ? `${resolved.pathname}${resolved.search}${resolved.hash}` : fallback
  } catch {
    return fallback
  }
}
