/**
 * returnTo comes from the address bar, so only a path on this site is followed: never another
 * origin (`//evil.example`, `https://…`), never a script URL.
 */
export function safeReturnTo(value: string | undefined): string | undefined {
  if (!value) return undefined
  let path = value
  try {
    path = decodeURIComponent(value)
  } catch {
    return undefined
  }
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return undefined
  return path
}
