import { z } from 'zod'
import { defineEvent, type EventOf } from './events'

/** The most an avatar upload may weigh before it is resized (issue 15: "at most 2 MB in"). */
export const avatarUploadMaxBytes = 2 * 1024 * 1024
/** The stored avatar is a square this many pixels wide: twice the largest size a screen shows. */
export const avatarSide = 256
/** What the server re-encodes every upload to, whatever came in. */
export const avatarContentType = 'image/webp'
/** The image types an upload may be sent as (`Content-Type` of `PUT /api/user/avatar`). */
export const avatarUploadTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const

export const avatarMessages = {
  tooLarge: 'An avatar can be at most 2 MB.',
  notAnImage: 'That file is not an image we can read. Use a JPEG, PNG, WebP, GIF or AVIF picture.',
  tooManyPixels: 'That picture is too big to resize: at most 50 megapixels (about 7,000 × 7,000). Use a smaller copy.',
  empty: 'Choose a picture to upload.',
  notFound: 'This member has no uploaded avatar.',
} as const

/**
 * Where an uploaded avatar is served. The version (a digest of the stored image) is in the address,
 * so a new picture is a new address: caches never show an old one, and an unchanged one is cached for good.
 */
export const avatarPath = (userId: string, version: string) =>
  `/api/avatars/${encodeURIComponent(userId)}?v=${encodeURIComponent(version)}`

export const avatarParams = z.object({ userId: z.string().min(1).max(100) })
export const avatarQuery = z.object({ v: z.string().max(100).optional() })

/**
 * A picture the user uploaded, already resized and re-encoded by the server (stream `account-<userId>`).
 * The picture is theirs and shows who they are: `image` (base64) and `version` are sealed with the
 * user's key, so deleting the account leaves nothing of it readable in the log.
 */
export const AvatarUploaded = defineEvent(
  'AvatarUploaded',
  z.object({
    userId: z.string(),
    image: z.string().nullable(),
    version: z.string().nullable(),
    contentType: z.string(),
    uploadedAt: z.string(),
  }),
  { personal: { subjectField: 'userId', fields: ['image', 'version'] } },
)

export type AvatarEvent = EventOf<typeof AvatarUploaded>

/** Whether an `avatarUrl` is a picture the member uploaded (served here) rather than a linked address. */
export const isUploadedAvatar = (avatarUrl: string | null): boolean => avatarUrl?.startsWith('/api/avatars/') ?? false

/**
 * Whose uploaded picture an address shows, and at which version (`?v=`, null without one), if it is one
 * of ours: relative ("/api/avatars/<id>") or absolute on `appOrigin` (PUBLIC_URL). Read as a browser and
 * the router read it (a backslash is a slash, escapes such as %2F or %61 are undone, the path's case
 * does not matter, dot segments are walked), so no spelling passes for a linked address. The id is
 * kept as written: the picture is looked up by the exact id. Null for any other address.
 */
export function uploadedAvatarAt(
  avatarUrl: string,
  appOrigin?: string,
): { owner: string; version: string | null } | null {
  const value = avatarUrl.trim().replaceAll('\\', '/')
  const base = appOrigin ?? 'https://reelmates.invalid'
  let url: URL
  try {
    url = new URL(value, base)
  } catch {
    return null
  }
  if (url.origin !== new URL(base).origin) return null
  let path = url.pathname
  for (let rounds = 0; rounds < 3 && /%[0-9a-f]{2}/i.test(path); rounds += 1) {
    try {
      path = new URL(decodeURIComponent(path).replaceAll('\\', '/'), base).pathname
    } catch {
      break
    }
  }
  const owner = /^\/api\/avatars\/([^/]+)\/?$/i.exec(path)?.[1]
  return owner === undefined ? null : { owner, version: url.searchParams.get('v') }
}
