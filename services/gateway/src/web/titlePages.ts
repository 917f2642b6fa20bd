import { TitleNotFound, type Catalog } from '@reelmates/infra/catalog/port'
import type { PageSubjectExists } from './staticWeb'

const titlePage = /^\/media\/([^/]+)\/([^/]+)\/?$/

/**
 * A title page (`/media/{movie|tv}/{id}`) names a title the catalog may not have: no such title is a
 * 404. A catalog that cannot answer (TMDB down) is not taken for "no such title": the page stays a 200.
 */
export function titlePageExists(catalog: Pick<Catalog, 'details'>): PageSubjectExists {
  return async (path) => {
    const match = titlePage.exec(path)
    if (!match) return true
    const [, mediaType, id] = match
    if ((mediaType !== 'movie' && mediaType !== 'tv') || !/^-?\d{1,12}$/.test(id ?? '')) return false
    try {
      await catalog.details(mediaType, Number(id))
      return true
    } catch (error) {
      return !(error instanceof TitleNotFound)
    }
  }
}
