/**
 * Data set-up through the spawned server's API, as the web app does it: every member is registered
 * (password hashed), every title added and every friendship asked and accepted by HTTP.
 */
import { httpClient } from '../../services/gateway/test/serverProcess'

export type Member = ReturnType<typeof httpClient>

async function ok(answer: Response, what: string): Promise<Response> {
  if (!answer.ok) throw new Error(`${what}: ${answer.status} ${await answer.text()}`)
  return answer
}

export async function register(url: string, username: string): Promise<Member> {
  const member = httpClient(url)
  await ok(
    await member.call('POST', '/api/register', {
      username,
      email: `${username}@example.com`,
      password: 'bench-password',
    }),
    `register ${username}`,
  )
  return member
}

/** `count` results of `make`, at most `parallel` at a time. */
export async function inBatches<T>(count: number, parallel: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = []
  for (let start = 0; start < count; start += parallel) {
    const batch = Array.from({ length: Math.min(parallel, count - start) }, (_, i) => make(start + i))
    results.push(...(await Promise.all(batch)))
  }
  return results
}

/** The headers a member's browser sends on a state-changing request: session cookie and CSRF token. */
export async function writeHeaders(member: Member): Promise<Record<string, string>> {
  const answer = await ok(await member.call('GET', '/api/csrf-token'), 'csrf token')
  const { csrfToken } = (await answer.json()) as { csrfToken: string }
  return { cookie: member.cookieHeader(), 'csrf-token': csrfToken, 'content-type': 'application/json' }
}

/** Movie ids from the catalog's search, as many as asked for. */
export async function movieIds(url: string, count: number): Promise<number[]> {
  const ids = new Set<number>()
  for (let page = 1; ids.size < count; page++) {
    const answer = await ok(await fetch(`${url}/api/tmdb/search?query=the&page=${page}`), 'search')
    const list = (await answer.json()) as { results: { id: number; media_type: string }[] }
    if (list.results.length === 0) throw new Error(`the catalog gave only ${ids.size} movies for the benchmark`)
    for (const result of list.results) if (result.media_type === 'movie') ids.add(result.id)
  }
  return [...ids].slice(0, count)
}

export async function addToWatchlist(member: Member, tmdbId: number): Promise<void> {
  await ok(await member.call('POST', '/api/watchlist', { tmdbId, mediaType: 'movie' }), `add ${tmdbId}`)
}

export { ok }
