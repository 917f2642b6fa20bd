import type { Catalog } from '@reelmates/infra/catalog/port'
import { TitleNotFound } from '@reelmates/infra/catalog/port'
import type { MediaRef, MediaSnapshot } from '@reelmates/contracts/media'
import { DomainError } from '@reelmates/commands/decider'

/**
 * What we record about a title when it enters someone's library, read from the catalog at that
 * moment so that projectors stay pure and lists never need a catalog call to render.
 */
export async function titleSnapshot(catalog: Catalog, ref: MediaRef): Promise<MediaSnapshot> {
  try {
    const details = await catalog.details(ref.mediaType, ref.tmdbId)
    return {
      title: details.title ?? details.name ?? details.original_title ?? details.original_name ?? 'Untitled',
      posterPath: details.poster_path,
      releaseDate: (details.release_date ?? details.first_air_date) || null,
      voteAverage: details.vote_average,
    }
  } catch (error) {
    if (error instanceof TitleNotFound) {
      throw new DomainError(
        'not_found',
        `No ${ref.mediaType === 'movie' ? 'movie' : 'TV show'} with id ${ref.tmdbId} was found.`,
      )
    }
    throw error
  }
}
