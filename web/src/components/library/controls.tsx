import type { ButtonHTMLAttributes } from 'react'
import { Icon, type IconName } from './icons'

interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  icon: IconName
  /** The accessible name; also the tooltip. */
  label: string
  tone?: 'plain' | 'danger' | 'overlay'
}

const tones = {
  plain: 'text-zinc-400 hover:bg-white/10 hover:text-white',
  danger: 'text-zinc-400 hover:bg-rose-500/15 hover:text-rose-300',
  overlay: 'bg-black/60 text-white backdrop-blur hover:bg-black/80',
}

/** A 40px square icon button: big enough for a thumb, named for screen readers. */
export function IconButton({ icon, label, tone = 'plain', className = '', ...rest }: IconButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className={`inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400 disabled:pointer-events-none disabled:opacity-30 ${tones[tone]} ${className}`}
      {...rest}
    >
      <Icon name={icon} className="h-5 w-5" />
    </button>
  )
}
