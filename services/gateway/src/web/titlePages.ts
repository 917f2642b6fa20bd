import { TitleNotFound, type Catalog } from '@reelmates/infra/catalog/port'
import { existsWithin } from './existsWithin'
import type { PageSubjectExists } from './staticWeb'

const titlePage = /^\/media\/([^/]+)\/([^/]+)\/?$/

/** How long a page's HTML waits for the catalog before it goes out as a 200 regardless. */
const catalogWaitMs = 300

/**
 * A title page (`/media/{movie|tv}/{id}`) names a title the catalog may not have: no such title is a
 * 404. A catalog that cannot answer (TMDB down), or not within `catalogWaitMs` (the page's HTML must
 * not wait on a slow remote API), is not taken for "no such title": the page stays a 200.
 */
export function titlePageExists(catalog: Pick<Catalog, 'details'>, waitMs = catalogWaitMs): PageSubjectExists {
  return async (path) => {
    const match = titlePage.exec(path)
    if (!match) return true
    const [, mediaType, id] = match
    if ((mediaType !== 'movie' && mediaType !== 'tv') || !/^-?\d{1,12}$/.test(id ?? '')) return false
    return existsWithin(
      () =>
        catalog.details(mediaType, Number(id)).then(
          () => true,
          (error: unknown) => !(error instanceof TitleNotFound),
        ),
      waitMs,
    )
  }
}
