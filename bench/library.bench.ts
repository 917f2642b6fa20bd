/**
 * The watchlist under load: `GET /api/watchlist`, a page of 50 for a member with 500 titles, against
 * the hello-world GET; and watchlist note edits by 50 members at once, each connection a member of
 * its own editing a title on its own stream (every edit a new note, so every one appends an event),
 * against the hello-world POST.
 */
import { row, sample, timing } from './http/measure'
import { addToWatchlist, inBatches, movieIds, ok, register, writeHeaders } from './http/members'
import type { HttpBench } from './http/suite'

const listed = 500
const pageSize = 50

export const libraryBench: HttpBench = {
  title: 'Watchlist over HTTP',
  run: async ({ url, generator, baselines }) => {
    const titles = await movieIds(url, listed)
    const reader = await register(url, 'bench_reader')
    for (const tmdbId of titles) await addToWatchlist(reader, tmdbId)
    const check = await ok(await reader.call('GET', `/api/watchlist?pageSize=${pageSize}`), 'watchlist')
    const { total } = (await check.json()) as { total: number }
    if (total !== listed) throw new Error(`expected ${listed} titles, the read model has ${total}`)
    const list = await sample(
      generator,
      { url: `${url}/api/watchlist?pageSize=${pageSize}`, headers: { cookie: reader.cookieHeader() } },
      baselines.GET,
    )

    // Every editor has the same title on their own watchlist (their own stream); each connection
    // signs in as one editor, as autocannon hands out the headers in turn.
    const edited = titles[0]!
    const editors = await inBatches(timing.connections, 5, async (n) => {
      const editor = await register(url, `bench_editor_${n}`)
      await addToWatchlist(editor, edited)
      return writeHeaders(editor)
    })
    const edits = await sample(
      generator,
      {
        url: `${url}/api/watchlist/movie/${edited}`,
        method: 'PATCH',
        body: JSON.stringify({ note: 'edit [<id>]' }),
        headersPerConnection: editors,
      },
      baselines.POST,
    )
    return [
      row(`GET /api/watchlist?pageSize=${pageSize} (${listed} titles)`, list, 0.35),
      row(`PATCH watchlist note, ${timing.connections} members each on their own stream`, edits, 0.25),
    ]
  },
}
