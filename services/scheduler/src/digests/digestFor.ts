import { providerById } from '@reelmates/contracts/catalog'
import type { SentDigestType, StreamingChange } from '@reelmates/contracts/digests'
import { mediaKeyOf } from '@reelmates/contracts/media'
import type { ReadStore } from '@reelmates/infra/readStore/port'
import { digestQueries, isEmptyDigest } from '@reelmates/projections/digests/digestQueries'
import { streamingQueries } from '@reelmates/projections/digests/streamingQueries'
import { digestVariables, type NowStreaming } from './digestMessage'

export interface ComposedDigest {
  /** Nothing happened in the period: no digest goes out. */
  empty: boolean
  variables: Record<string, string>
}

/**
 * A member's digest for a period, from the read models and the streaming changes found for it
 * (`streamingChanges`; the event's, once sent): the same for the job that decides to send it, the
 * mail that sends it, and the admin's preview. Null when the member is gone.
 */
export function digestFor(readStore: Pick<ReadStore, 'collection'>, publicUrl: string) {
  const queries = digestQueries(readStore)
  const streaming = streamingQueries(readStore)

  /** What is new on the member's services, for titles still on their watchlist. */
  async function nowStreaming(userId: string, changes: readonly StreamingChange[]): Promise<NowStreaming[]> {
    const news = changes.filter((change) => change.newOn.length > 0)
    if (news.length === 0) return []
    const titles = await streaming.titles(userId)
    return news.flatMap((change) => {
      const title = titles.get(mediaKeyOf(change))
      const services = change.newOn.flatMap((id) => providerById(id)?.name ?? [])
      if (!title || services.length === 0) return []
      return [{ title, services, link: `${publicUrl}/media/${change.mediaType}/${change.tmdbId}` }]
    })
  }

  return async (
    userId: string,
    period: { digestType: SentDigestType; from: string; until: string },
    changes: readonly StreamingChange[],
  ): Promise<ComposedDigest | null> => {
    const reader = await queries.reader(userId)
    if (!reader) return null
    const [content, streamingNow] = await Promise.all([
      queries.content(userId, period.from, period.until),
      nowStreaming(userId, changes),
    ])
    return {
      // Streaming news alone is worth a digest.
      empty: isEmptyDigest(content) && streamingNow.length === 0,
      variables: digestVariables(
        { ...content, nowStreaming: streamingNow },
        { username: reader.username, digestType: period.digestType },
        publicUrl,
        period,
      ),
    }
  }
}
