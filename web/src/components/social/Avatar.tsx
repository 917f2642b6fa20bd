import { firstGrapheme } from '@reelmates/contracts/text'
import { useState } from 'react'

const sizes = {
  xs: 'h-7 w-7 text-xs',
  sm: 'h-10 w-10 text-sm',
  md: 'h-12 w-12 text-base',
  lg: 'h-20 w-20 text-3xl sm:h-28 sm:w-28 sm:text-4xl',
} as const

/** A hue of its own per name, so two initials side by side never look like the same person. */
function hueOf(name: string): number {
  let hash = 0
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 360
  return hash
}

interface AvatarProps {
  username: string
  avatarUrl?: string | null | undefined
  size?: keyof typeof sizes
  className?: string
}

/** A member's picture, or their initial on a colour of their own when they have none (or it fails to load). */
export function Avatar({ username, avatarUrl, size = 'sm', className = '' }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null)
  const frame = `${sizes[size]} shrink-0 rounded-full ring-1 ring-white/10 ${className}`
  if (avatarUrl && failed !== avatarUrl) {
    return <img src={avatarUrl} alt="" className={`${frame} object-cover`} onError={() => setFailed(avatarUrl)} />
  }
  const hue = hueOf(username)
  return (
    <span
      aria-hidden="true"
      className={`${frame} grid place-items-center font-bold text-white/95`}
      style={{ backgroundImage: `linear-gradient(135deg, hsl(${hue} 70% 45%), hsl(${(hue + 40) % 360} 75% 30%))` }}
    >
      {firstGrapheme(username).toUpperCase()}
    </span>
  )
}
