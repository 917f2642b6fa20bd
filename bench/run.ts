/**
 * `npm run bench`: every benchmark of the project in one run, printed as tables. Figures only —
 * nothing here asserts a timing; the targets are in the README.
 */
import { benchEventStore } from './eventStore.bench'
import { benchProjectionReplay } from './projections.bench'
import { benchGateway } from './gateway.bench'
import { benchAutocomplete } from './autocomplete.bench'
import { benchWebBundle } from './webBundle.bench'
import { benchLibrary } from './library.bench'
import { benchFriends } from './friends.bench'
import { benchReadStore } from './readStore.bench'

const benches: [string, () => Promise<Record<string, number | string>>][] = [
  ['Event store (embedded SQLite vs raw better-sqlite3)', benchEventStore],
  ['Read store (embedded)', benchReadStore],
  ['Projection replay', benchProjectionReplay],
  ['Gateway', benchGateway],
  ['Autocomplete (server side)', benchAutocomplete],
  ['Watchlist', benchLibrary],
  ['Friends', benchFriends],
  ['Web bundle (gzip)', benchWebBundle],
]

const only = process.argv.slice(2)
for (const [title, run] of benches) {
  if (only.length > 0 && !only.some((word) => title.toLowerCase().includes(word.toLowerCase()))) continue
  console.log(`\n## ${title}`)
  console.table(await run())
}
