import { Link } from '@tanstack/react-router'
import { useMemo } from 'react'
import { upNextOf } from '../../features/library/upNext'
import { useWatchlist } from '../../features/library/useLibrary'
import { MediaRow } from './MediaRow'
import { seeAllClassName } from './layout'

const heading = 'Up next on your watchlist'

/**
 * Home's first row for someone with a watchlist: its head, in the order they arranged it to watch.
 * Nothing at all while the watchlist is empty or not there yet: the catalog rows below are home then.
 */
export function UpNextRow() {
  const { items } = useWatchlist()
  const results = useMemo(() => (items ? upNextOf(items) : []), [items])
  if (results.length === 0) return null
  return (
    <MediaRow
      heading={heading}
      label={heading}
      seeAll={
        <Link to="/watchlist" search={{ view: 'grid', sort: 'order' }} className={seeAllClassName}>
          See all<span className="sr-only"> of your watchlist</span>
        </Link>
      }
      results={results}
      isLoading={false}
      priority
    />
  )
}
