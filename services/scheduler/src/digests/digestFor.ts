import type { SentDigestType } from '@reelmates/contracts/digests'
import type { ReadStore } from '@reelmates/infra/readStore/port'
import { digestQueries, isEmptyDigest } from '@reelmates/projections/digests/digestQueries'
import { digestVariables } from './digestMessage'

export interface ComposedDigest {
  /** Nothing happened in the period: no digest goes out. */
  empty: boolean
  variables: Record<string, string>
}

/**
 * A member's digest for a period, from the read models: the same for the job that decides to send
 * it, the mail that sends it, and the admin's preview. Null when the member is gone.
 */
export function digestFor(readStore: Pick<ReadStore, 'collection'>, publicUrl: string) {
  const queries = digestQueries(readStore)
  return async (
    userId: string,
    period: { digestType: SentDigestType; from: string; until: string },
  ): Promise<ComposedDigest | null> => {
    const reader = await queries.reader(userId)
    if (!reader) return null
    const content = await queries.content(userId, period.from, period.until)
    return {
      empty: isEmptyDigest(content),
      variables: digestVariables(content, { username: reader.username, digestType: period.digestType }, publicUrl),
    }
  }
}
