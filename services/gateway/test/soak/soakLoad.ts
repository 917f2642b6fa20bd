/**
 * The soak's load generator, forked as its own OS process so that autocannon never shares the
 * server's event loop. Each connection is one member's browser working on one title of their
 * watchlist: it reads (who am I, the watchlist, the feed) and rewrites the title's note, one request
 * at a time, and it remembers which of its notes the server acknowledged.
 */
import autocannon from 'autocannon'

export interface SoakConnection {
  headers: Record<string, string>
  tmdbId: number
}

export interface SoakLoad {
  url: string
  durationSeconds: number
  connections: SoakConnection[]
}

export interface SoakFigures {
  requests: number
  requestsPerSecond: number
  p99Ms: number
  non2xx: number
  errors: number
  /** Per connection: how many notes it sent, and the number of the last one answered 2xx (0: none). */
  notes: { sent: number; lastAcknowledged: number }[]
}

export const noteOf = (connection: number, n: number) => `soak-${connection}-${n}`

function requestsFor(index: number, connection: SoakConnection, notes: SoakFigures['notes'][number]) {
  const { headers, tmdbId } = connection
  return [
    { method: 'GET' as const, path: '/api/user', headers },
    {
      method: 'PATCH' as const,
      path: `/api/watchlist/movie/${tmdbId}`,
      headers,
      setupRequest: (request: autocannon.Request) => {
        notes.sent += 1
        return { ...request, body: JSON.stringify({ note: noteOf(index, notes.sent) }) }
      },
      onResponse: (status: number, body: string) => {
        // Sent one at a time per connection, so the answer is to the note sent last.
        if (status >= 200 && status < 300) notes.lastAcknowledged = notes.sent
        else process.send?.({ refused: `${status} ${body.slice(0, 200)}` })
      },
    },
    { method: 'GET' as const, path: '/api/watchlist?pageSize=50', headers },
    { method: 'GET' as const, path: '/api/feed', headers },
  ]
}

async function run(load: SoakLoad): Promise<SoakFigures> {
  const notes = load.connections.map(() => ({ sent: 0, lastAcknowledged: 0 }))
  let next = 0
  const result = await autocannon({
    url: load.url,
    connections: load.connections.length,
    duration: load.durationSeconds,
    // Generous: the machine is shared; a slow answer is a figure, a missing one is an error.
    timeout: 30,
    setupClient: (client) => {
      const index = next++ % load.connections.length
      const connection = load.connections[index]
      const tally = notes[index]
      if (connection && tally) client.setRequests(requestsFor(index, connection, tally))
    },
  })
  return {
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    notes,
  }
}

process.on('message', (load: SoakLoad) => {
  process.send?.({ started: true })
  run(load).then(
    (figures) => process.send?.({ figures }),
    (error: unknown) => process.send?.({ error: String(error) }),
  )
})
