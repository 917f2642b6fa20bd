import type { CatalogStatus } from '@reelmates/contracts/catalog'
import { useQuery } from '@tanstack/react-query'
import { catalogPaths } from '../../features/catalog/catalogPaths'
import { appLocale } from '../../lib/appLocale'

/** Whose titles these are, said once (issue 15.5): the credit and licence of the catalog in use. */
export function CatalogCredits() {
  // The default query function GETs the path (catalogQueries would pull the discovery calls in here).
  const { data: status } = useQuery<CatalogStatus>({ queryKey: [catalogPaths.status], staleTime: Infinity })
  return (
    <section aria-labelledby="credits">
      <h2 id="credits">Credits and licences</h2>
      {status?.source === 'offline' ? (
        <p>
          The titles come from a built-in catalog of{' '}
          {status.titles
            ? `${status.titles.toLocaleString(appLocale)} real films and TV series`
            : 'real films and TV series'}
          , without posters or trailers.
        </p>
      ) : null}
      {status?.attribution ? <p>{status.attribution}</p> : null}
    </section>
  )
}
