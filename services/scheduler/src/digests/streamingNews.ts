import { streamingServicesIn } from '@reelmates/contracts/catalog'
import type { StreamingChange } from '@reelmates/contracts/digests'
import { mediaKeyOf, type MediaRef } from '@reelmates/contracts/media'
import type { Catalog } from '@reelmates/infra/catalog/port'
import type { ReadStore } from '@reelmates/infra/readStore/port'
import { streamingQueries } from '@reelmates/projections/digests/streamingQueries'

/** The catalog as digests use it: where a title streams today. */
export type StreamingCatalog = Pick<Catalog, 'details'>

/**
 * The catalog's answers for one run, each title asked once whoever has it on their watchlist. A
 * title the catalog cannot answer for now (unknown, TMDB down) is null: nothing is said about it
 * and its baseline stays, so it is compared again next time.
 */
export function streamingToday(catalog: StreamingCatalog): (ref: MediaRef) => Promise<number[] | null> {
  const answers = new Map<string, Promise<number[] | null>>()
  return (ref) => {
    const key = mediaKeyOf(ref)
    let answer = answers.get(key)
    if (!answer) {
      answer = catalog.details(ref.mediaType, ref.tmdbId).then(
        (details) => streamingServicesIn(details.watch_providers),
        () => null,
      )
      answers.set(key, answer)
    }
    return answer
  }
}

const sameServices = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id) => b.includes(id))

/**
 * The member's watchlist titles whose streaming changed since they were last told, with what is
 * new on their services. A title whose baseline was never recorded gets one (today's) and is not
 * called new: nobody knows what it streamed on before.
 */
export async function streamingChanges(
  readStore: Pick<ReadStore, 'collection'>,
  today: (ref: MediaRef) => Promise<number[] | null>,
  userId: string,
): Promise<StreamingChange[]> {
  const queries = streamingQueries(readStore)
  const [baselines, services] = await Promise.all([queries.baselines(userId), queries.services(userId)])
  const changes: StreamingChange[] = []
  for (const { tmdbId, mediaType, providers: told } of baselines) {
    const providers = await today({ tmdbId, mediaType })
    if (!providers || (told && sameServices(told, providers))) continue
    const newOn = told ? providers.filter((id) => !told.includes(id) && services.includes(id)) : []
    changes.push({ tmdbId, mediaType, providers, newOn })
  }
  return changes
}
