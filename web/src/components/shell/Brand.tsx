import { Link } from '@tanstack/react-router'

/** The Reelmates mark: two film frames overlapping, one per mate. */
export function BrandMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={`shrink-0 ${className}`} aria-hidden="true">
      <rect x="4" y="14" width="34" height="36" rx="8" fill="#ff5a5f" />
      <rect x="26" y="14" width="34" height="36" rx="8" fill="#ffc857" fillOpacity="0.92" />
      <path d="M27 24l12 8-12 8z" fill="#0b0b12" />
    </svg>
  )
}

/**
 * The mark and the name, home. `narrow`: on screens under 390 px only the mark shows (the link keeps
 * its name), for a header whose links need the room.
 */
export function Brand({ to = '/home', narrow = false }: { to?: '/home' | '/sign_in'; narrow?: boolean }) {
  return (
    <Link
      to={to}
      className="flex min-w-0 items-center gap-2 rounded-lg font-extrabold tracking-tight text-white"
      aria-label="Reelmates home"
    >
      <BrandMark />
      {/* One word on one line: with large text it is cut short, never broken out of the bar. */}
      <span className={narrow ? 'truncate text-lg max-[389px]:hidden' : 'truncate text-lg'}>Reelmates</span>
    </Link>
  )
}
