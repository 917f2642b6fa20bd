interface SearchPagerProps {
  page: number
  totalPages: number
  onPageChange: (page: number) => void
}

/** The last page one can turn to: TMDB serves at most 500 pages. */
export const lastPageOf = (totalPages: number) => Math.max(1, Math.min(totalPages, 500))

/** Previous / next through result pages. */
export function SearchPager({ page, totalPages, onPageChange }: SearchPagerProps) {
  const lastPage = lastPageOf(totalPages)
  if (lastPage <= 1) return null
  const button =
    'rounded-full bg-panel px-4 py-2 text-sm font-medium text-zinc-100 ring-1 ring-white/10 transition hover:bg-panel-2 disabled:cursor-not-allowed disabled:opacity-40'
  return (
    <nav aria-label="Result pages" className="mt-10 flex items-center justify-center gap-4">
      <button type="button" className={button} disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        ← Previous
      </button>
      <span className="text-sm text-zinc-400" aria-current="page">
        Page {page} of {lastPage}
      </span>
      <button type="button" className={button} disabled={page >= lastPage} onClick={() => onPageChange(page + 1)}>
        Next →
      </button>
    </nav>
  )
}
