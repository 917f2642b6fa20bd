import type { WatchlistItem } from '@reelmates/contracts/watchlist'

/** A change the spec answers when it chooses, as a slow network would deliver it. */
export interface HeldChange {
  method: string
  path: string
  body: unknown
  idempotencyKey: string | undefined
  answer: (body: unknown) => void
  refuse: (status: number, message: string) => void
  /** The connection drops before the answer arrives (the server may have done the change). */
  drop: () => void
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/**
 * A `fetch` standing in for the gateway under the app's real request client: it issues a CSRF
 * token, answers every read at once from `watchlist()` (recording the X-Min-Position it was sent)
 * and holds every change until the spec answers or refuses it.
 */
export function heldServer(watchlist: () => WatchlistItem[]) {
  const changes: HeldChange[] = []
  const reads: { path: string; minPosition: string | undefined }[] = []
  const fetch = (url: string, init: RequestInit = {}): Promise<Response> => {
    const path = url.replace(/[?&]_ts=\d+$/, '')
    const method = init.method ?? 'GET'
    if (path === '/api/csrf-token') return Promise.resolve(json(200, { csrfToken: 'token' }))
    if (method === 'GET') {
      reads.push({ path, minPosition: (init.headers as Record<string, string>)['X-Min-Position'] })
      const items = watchlist()
      return Promise.resolve(json(200, { items, page: 1, pageSize: 500, total: items.length }))
    }
    return new Promise((resolve, reject) => {
      changes.push({
        method,
        path,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
        idempotencyKey: (init.headers as Record<string, string> | undefined)?.['Idempotency-Key'],
        answer: (body) => resolve(json(200, body)),
        refuse: (status, message) => resolve(json(status, { message })),
        drop: () => reject(new TypeError('Failed to fetch')),
      })
    })
  }
  const change = (index: number): HeldChange => {
    const held = changes[index]
    if (!held) throw new Error(`change ${index} was never sent`)
    return held
  }
  /** What was sent, as `METHOD path`, in the order it was sent. */
  const sent = () => changes.map((held) => `${held.method} ${held.path}`)
  return { fetch, changes, reads, change, sent }
}
