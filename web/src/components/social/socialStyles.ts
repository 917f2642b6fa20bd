import { appLocale } from '../../lib/appLocale'
/** The buttons and panels of the social screens, in the app's colours (reel red for the main action). */
export const primaryButton =
  'inline-flex min-h-9 items-center justify-center gap-1.5 rounded-full bg-reel-fill px-4 py-1.5 text-sm font-semibold text-white hover:bg-reel-strong disabled:opacity-60'
export const secondaryButton =
  'inline-flex min-h-9 items-center justify-center gap-1.5 rounded-full border border-white/15 px-4 py-1.5 text-sm font-semibold text-zinc-100 hover:bg-white/5 disabled:opacity-60'
export const quietButton =
  'inline-flex min-h-9 items-center justify-center rounded-full px-3 py-1.5 text-sm font-medium text-zinc-400 hover:bg-white/5 hover:text-zinc-100 disabled:opacity-60'
export const panel = 'rounded-2xl bg-panel p-4 ring-1 ring-white/10 sm:p-5'
export const sectionHeading = 'text-lg font-semibold text-white'
export const inputClass =
  'w-full rounded-xl border border-white/10 bg-ink px-3 py-2.5 text-base text-zinc-100 placeholder:text-zinc-500 focus:border-reel focus:outline-none sm:text-sm'

export const monthYear = (iso: string) => {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString(appLocale, { month: 'long', year: 'numeric' })
}

export const dayMonth = (iso: string) => {
  const date = new Date(iso)
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleDateString(appLocale, { day: 'numeric', month: 'short', year: 'numeric' })
}
