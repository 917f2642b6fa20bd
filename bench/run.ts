/**
 * `npm run bench`: every benchmark of the project in one run, printed as tables. Figures only —
 * nothing here asserts a timing; a figure with a goal says whether it is met.
 */
import { benchEventStore } from './eventStore.bench'
import { benchProjectionReplay } from './projections.bench'
import { gatewayBench, autocompleteHttpBench } from './gateway.bench'
import { benchAutocomplete } from './autocomplete.bench'
import { benchWebBundle } from './webBundle.bench'
import { libraryBench } from './library.bench'
import { benchCommandLatency } from './commandLatency.bench'
import { friendsBench } from './friends.bench'
import { feedBench } from './feed.bench'
import { benchReadStore } from './readStore.bench'
import { runHttpBenches } from './http/runHttp'
import { runLighthouse } from './lighthouse.bench'
import { benchAdminHistory } from './adminHistory.bench'
import { benchReadModelLag } from './readModelLag.bench'
import { benchSoak } from './soak.bench'
import { benchReplay } from './replay.bench'

const benches: [string, () => Promise<Record<string, number | string>>][] = [
  ['Event store (embedded SQLite vs raw better-sqlite3)', benchEventStore],
  ['Read store (embedded)', benchReadStore],
  ['Projection replay', benchProjectionReplay],
  ['Autocomplete (server side, in process)', benchAutocomplete],
  ['Command latency as a history grows', benchCommandLatency],
  ['Web bundle (gzip)', benchWebBundle],
  ['Admin event history and rebuild over 1,000,000 events', () => benchAdminHistory()],
  ['Read-model lag: command to visible, 50 writers (embedded)', benchReadModelLag],
  ['Soak: 200 connections of mixed reads and writes for 60 s', benchSoak],
  ['Replay of 1,000,000 events through every read model, and cold start with a snapshot', () => benchReplay()],
]
const httpBenches = [gatewayBench, autocompleteHttpBench, libraryBench, friendsBench, feedBench]

const only = process.argv.slice(2)
const chosen = (title: string) =>
  only.length === 0 || only.some((word) => title.toLowerCase().includes(word.toLowerCase()))

for (const [title, run] of benches) {
  if (!chosen(title)) continue
  console.log(`\n## ${title}`)
  console.table(await run())
}
const http = httpBenches.filter((bench) => chosen(bench.title))
if (http.length > 0) await runHttpBenches(http)
if (chosen('Lighthouse')) await runLighthouse()
