/**
 * `node --import tsx services/gateway/src/cli/watchlistFold.ts <userId>` — prints, as JSON, the
 * watchlist that the event stream `watchlist-<userId>` folds to with the watchlist decider's own
 * `evolve`: the write side's truth, to hold the read model and the screens against (the browser
 * tests do). It only reads: the event log and the personal-data keys of the configured platform
 * (DATA_DIR, or EVENTSTORE_URL/MONGO_URL), so notes come back decrypted. On the embedded column,
 * SQLite's write-ahead log lets it read while a server is writing.
 */
import '@reelmates/contracts/allEvents'
import type { MediaType } from '@reelmates/contracts/media'
import { loadState } from '@reelmates/commands/handleCommand'
import { watchlist, watchlistStreamId } from '@reelmates/commands/watchlist/watchlist'
import { loadConfigOrExit } from '@reelmates/infra/config'
import type { EventStore } from '@reelmates/infra/eventStore/port'
import { openEventLog } from '../composition'

interface FoldedWatchlistItem {
  tmdbId: number
  mediaType: MediaType
  note: string | null
}

const usage = 'Usage: node --import tsx services/gateway/src/cli/watchlistFold.ts <userId>'

/** The watchlist of one user as its stream folds, top to bottom. */
async function foldedWatchlist(eventStore: EventStore, userId: string): Promise<FoldedWatchlistItem[]> {
  const state = await loadState(eventStore, watchlist, watchlistStreamId(userId))
  return state.order.map((key) => {
    const [mediaType, id] = key.split(':') as [MediaType, string]
    return { tmdbId: Number(id), mediaType, note: state.titles.get(key)?.note ?? null }
  })
}

async function main(args: string[]): Promise<number> {
  const [userId, ...rest] = args
  if (!userId || rest.length > 0) {
    console.error(usage)
    return 2
  }
  const { eventStore, vault } = await openEventLog(loadConfigOrExit())
  try {
    console.log(JSON.stringify(await foldedWatchlist(eventStore, userId)))
    return 0
  } finally {
    await eventStore.close()
    await vault.close()
  }
}

process.exitCode = await main(process.argv.slice(2))
