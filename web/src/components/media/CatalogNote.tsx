import { useQuery } from '@tanstack/react-query'
import { catalogQueries } from '../../features/catalog/queries'

/**
 * A quiet line saying the app runs on its built-in catalog (no TMDB token): it explains why there are
 * title cards instead of posters and no trailers, without making a fuss about it.
 */
export function CatalogNote({ className = '' }: { className?: string }) {
  const status = useQuery(catalogQueries.status())
  if (status.data?.source !== 'offline') return null
  return (
    <p className={`flex items-start gap-2 text-xs leading-relaxed text-zinc-400 ${className}`}>
      <svg viewBox="0 0 20 20" className="mt-0.5 h-3.5 w-3.5 shrink-0 fill-current" aria-hidden="true">
        <path d="M10 2a8 8 0 110 16 8 8 0 010-16zm1 7H9v6h2zm0-3H9v2h2z" />
      </svg>
      <span>
        Offline catalog:{' '}
        {status.data.titles
          ? `${status.data.titles.toLocaleString('en-US')} real films and TV series`
          : 'real films and TV series'}
        , without posters or trailers. {status.data.attribution}
      </span>
    </p>
  )
}
