import type { ButtonHTMLAttributes, Ref } from 'react'
import { Icon, type IconName } from './icons'

interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  icon: IconName
  /** The accessible name; also the tooltip. */
  label: string
  tone?: 'plain' | 'danger' | 'overlay' | 'accent'
  /** 40px by default; 32px where four sit under a poster on a phone (still above the 24px minimum). */
  size?: 'md' | 'sm'
  ref?: Ref<HTMLButtonElement>
}

const tones = {
  plain: 'text-zinc-400 hover:bg-white/10 hover:text-white',
  danger: 'text-zinc-400 hover:bg-rose-500/15 hover:text-rose-300',
  overlay: 'bg-black/65 text-white hover:bg-black/80',
  accent: 'text-amber-300 hover:bg-amber-400/15 hover:text-amber-200',
}

/** A round icon button, named for screen readers (the name is also its tooltip). */
export function IconButton({ icon, label, tone = 'plain', size = 'md', className = '', ...rest }: IconButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className={`inline-flex ${size === 'md' ? 'h-10 w-10' : 'h-8 w-8'} shrink-0 items-center justify-center rounded-full transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400 disabled:pointer-events-none disabled:opacity-30 ${tones[tone]} ${className}`}
      {...rest}
    >
      <Icon name={icon} className={size === 'md' ? 'h-5 w-5' : 'h-[18px] w-[18px]'} />
    </button>
  )
}
