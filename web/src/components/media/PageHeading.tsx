import type { ReactNode } from 'react'

interface PageHeadingProps {
  title: ReactNode
  subtitle?: ReactNode
  /** Beside the title: a logo, a count. */
  leading?: ReactNode
  /** Under the title on mobile, at its right on larger screens: filters, selectors. */
  actions?: ReactNode
}

/** The top of a discovery list page. */
export function PageHeading({ title, subtitle, leading, actions }: PageHeadingProps) {
  return (
    <header className="flex flex-col gap-4 pb-6 pt-1 sm:flex-row sm:items-end sm:justify-between sm:pt-2">
      <div className="flex items-center gap-4">
        {leading}
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">{title}</h1>
          {subtitle ? <p className="mt-1 text-sm text-zinc-400">{subtitle}</p> : null}
        </div>
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-3">{actions}</div> : null}
    </header>
  )
}
