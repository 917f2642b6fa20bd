/**
 * The GET calls that act (spec §7 keeps them GETs): each spends a mailed single-use token, signing
 * someone in or making two members friends. A browser sends the session cookie with any same-site GET,
 * an `<img>` whose address a member chose as much as a link followed from another page, so these are
 * checked for the CSRF token as a POST is, and the app sends its `CSRF-Token` header on them. Zod-free:
 * the request client imports it.
 */
export const actingReads: readonly string[] = [
  '/api/auth/magic-link',
  '/api/auth/process-token',
  '/api/friendships/accept-with-token',
]

/** Whether a GET of this path (no query) acts. */
export const isActingRead = (pathname: string): boolean => actingReads.includes(pathname)
