/**
 * The load generator, run as its own OS process (`fork`ed by loadGeneratorProcess.ts) so that
 * autocannon never competes with the server for an event loop. It takes one load at a time over IPC
 * and answers its figures.
 */
import autocannon from 'autocannon'

export interface Load {
  url: string
  method?: 'GET' | 'POST' | 'PATCH'
  /** `[<id>]` in the body is replaced by a fresh id on every request, so every write is a real change. */
  body?: string
  headers?: Record<string, string>
  /** One set of headers per connection (taken in turn), e.g. 50 users each with their own session. */
  headersPerConnection?: Record<string, string>[]
  connections: number
  durationSeconds: number
}

export interface LoadFigures {
  requestsPerSecond: number
  p99Ms: number
  non2xx: number
  errors: number
}

async function run(load: Load): Promise<LoadFigures> {
  let connection = 0
  const perConnection = load.headersPerConnection
  const result = await autocannon({
    url: load.url,
    method: load.method ?? 'GET',
    connections: load.connections,
    duration: load.durationSeconds,
    ...(load.body === undefined ? {} : { body: load.body, idReplacement: load.body.includes('[<id>]') }),
    headers: load.headers ?? {},
    ...(perConnection
      ? {
          setupClient: (client: autocannon.Client) => {
            const headers = perConnection[connection++ % perConnection.length]
            client.setHeaders({ ...load.headers, ...headers })
          },
        }
      : {}),
  })
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }
}

process.on('message', (message: { id: number; load: Load }) => {
  run(message.load).then(
    (figures) => process.send?.({ id: message.id, figures }),
    (error: unknown) => process.send?.({ id: message.id, error: String(error) }),
  )
})
