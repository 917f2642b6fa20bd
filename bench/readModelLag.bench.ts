/**
 * Command → visible in the read models, on the embedded column (issue 16: p99 ≤ 20 ms). 50 members
 * edit a watchlist note at once, each on their own stream, through the real gateway (in process, so
 * no HTTP round trip is counted); for each edit the clock runs from the command's answer (its log
 * position) until every read model has applied that position. The command round trip itself is
 * printed beside it.
 */
import { pathToFileURL } from 'node:url'
import { agent, createTestApp } from '@reelmates/gateway/testing/testApp'

const WRITERS = 50
const WARM_UP_MS = 2_000
const MEASURE_MS = 8_000
const GOAL_P99_MS = 20

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN
const ms = (value: number) => Number(value.toFixed(2))

export async function benchReadModelLag(): Promise<Record<string, number | string>> {
  const t = await createTestApp()
  try {
    const trending = await t.app.inject({ method: 'GET', url: '/api/tmdb/trending/movies' })
    const tmdbId = trending.json<{ results: { id: number }[] }>().results[0]?.id
    if (tmdbId === undefined) throw new Error('the catalog has no trending movies')
    const writers = await Promise.all(
      Array.from({ length: WRITERS }, async (_, n) => {
        const client = agent(t.app)
        const username = `lag_writer_${n}`
        const registered = await client.post('/api/register', {
          username,
          email: `${username}@example.com`,
          password: 'correct-horse',
        })
        if (registered.statusCode !== 201) throw new Error(`register: ${registered.statusCode} ${registered.body}`)
        const added = await client.post('/api/watchlist', { tmdbId, mediaType: 'movie' })
        if (added.statusCode >= 300) throw new Error(`watchlist: ${added.statusCode} ${added.body}`)
        return client
      }),
    )
    const lags: number[] = []
    const roundTrips: number[] = []
    const started = performance.now()
    const measuring = () => performance.now() - started >= WARM_UP_MS
    let edits = 0
    await Promise.all(
      writers.map(async (client, n) => {
        while (performance.now() - started < WARM_UP_MS + MEASURE_MS) {
          const sent = performance.now()
          const answer = await client.patch(`/api/watchlist/movie/${tmdbId}`, { note: `edit ${n}-${(edits += 1)}` })
          const answered = performance.now()
          const position = answer.json<{ position?: string }>().position
          if (answer.statusCode !== 200 || position === undefined)
            throw new Error(`edit: ${answer.statusCode} ${answer.body}`)
          if (!(await t.platform.projections.waitForPosition(BigInt(position), 5_000)))
            throw new Error(`the read models did not reach ${position} within 5 s`)
          if (!measuring()) continue
          roundTrips.push(answered - sent)
          lags.push(performance.now() - answered)
        }
      }),
    )
    lags.sort((a, b) => a - b)
    roundTrips.sort((a, b) => a - b)
    const p99 = percentile(lags, 0.99)
    return {
      'edits measured': lags.length,
      'command round trip p50 ms': ms(percentile(roundTrips, 0.5)),
      'command round trip p99 ms': ms(percentile(roundTrips, 0.99)),
      'visible in every read model p50 ms': ms(percentile(lags, 0.5)),
      'visible in every read model p95 ms': ms(percentile(lags, 0.95)),
      [`visible in every read model p99 ms (goal ≤ ${GOAL_P99_MS})`]: ms(p99),
      'goal met': p99 <= GOAL_P99_MS ? 'yes' : 'no',
    }
  } finally {
    await t.close()
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href)
  console.table(await benchReadModelLag())
