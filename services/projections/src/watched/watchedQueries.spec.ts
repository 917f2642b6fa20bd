import { describe, expect, it } from 'vitest'
import { TitleWatched, WatchedEntryEdited } from '@reelmates/contracts/watched'
import { projectorHarness } from '../testing/projectorHarness'
import { watchedItems } from './watchedItems'
import { watchedQueries, type WatchedPageOptions } from './watchedQueries'

const entry = {
  watchedOn: null,
  recommend: null,
  review: null,
  containsSpoilers: false,
  streamingService: null,
  isPrivate: false,
}
/** The nth watch of the log (a day apart, the later the higher n), of a title of its own. */
const watched = (n: number, title: string, rating: number | null, releaseDate: string | null = null) =>
  TitleWatched({
    entryId: `e${n}`,
    userId: 'u1',
    tmdbId: n,
    mediaType: 'movie',
    ...entry,
    watchedAt: `2026-11-${String(n).padStart(2, '0')}T20:00:00.000Z`,
    rating,
    media: { title, posterPath: null, releaseDate, voteAverage: null },
    genreIds: [],
  })

/** Every page of the log, two entries a page, one after the other, as "Show more" reads them. */
async function pagedThrough(
  h: Awaited<ReturnType<typeof projectorHarness>>,
  sort: WatchedPageOptions['sort'],
  direction: WatchedPageOptions['direction'],
) {
  const read = []
  for (let page = 1; ; page++) {
    const { items, total } = await watchedQueries(h.db).page('u1', { page, pageSize: 2, sort, direction })
    read.push(...items)
    if (page * 2 >= total) return read
  }
}

describe('the watched log', () => {
  it('lists the entries without a rating last, whichever way ratings are sorted', async () => {
    const h = await projectorHarness(watchedItems)
    await h.given(watched(1, 'Heat', 6), watched(2, 'Dune', null), watched(3, 'Arrival', 1), watched(4, 'Up', null))
    await h.given(watched(5, 'Fargo', 10))
    const ratings = async (direction: 'asc' | 'desc') =>
      (await pagedThrough(h, 'rating', direction)).map((item) => [item.id, item.rating])
    // Unrated among themselves: the latest watch first, as any tie.
    expect(await ratings('asc')).toEqual([
      ['e3', 1],
      ['e1', 6],
      ['e5', 10],
      ['e4', null],
      ['e2', null],
    ])
    expect(await ratings('desc')).toEqual([
      ['e5', 10],
      ['e1', 6],
      ['e3', 1],
      ['e4', null],
      ['e2', null],
    ])
  })

  it('moves an entry whose rating is taken away after the rated ones', async () => {
    const h = await projectorHarness(watchedItems)
    await h.given(watched(1, 'Heat', 6), watched(2, 'Dune', 8))
    await h.given(
      WatchedEntryEdited({
        entryId: 'e2',
        userId: 'u1',
        tmdbId: 2,
        mediaType: 'movie',
        ...entry,
        watchedAt: '2026-11-02T20:00:00.000Z',
        rating: null,
      }),
    )
    const ids = async (direction: 'asc' | 'desc') => (await pagedThrough(h, 'rating', direction)).map((item) => item.id)
    expect(await ids('asc')).toEqual(['e1', 'e2'])
    expect(await ids('desc')).toEqual(['e1', 'e2'])
  })

  it('sorts titles whatever their case and accents, page after page', async () => {
    const h = await projectorHarness(watchedItems)
    await h.given(
      watched(1, 'Sex Education', null),
      watched(2, 'ET: The Extra-Terrestrial', null),
      watched(3, 'Sex and the City', null),
      watched(4, 'Élite', null),
      watched(5, 'Eastbound & Down', null),
    )
    const titles = async (direction: 'asc' | 'desc') =>
      (await pagedThrough(h, 'title', direction)).map((item) => item.title)
    const alphabetical = ['Eastbound & Down', 'Élite', 'ET: The Extra-Terrestrial', 'Sex and the City', 'Sex Education']
    expect(await titles('asc')).toEqual(alphabetical)
    expect(await titles('desc')).toEqual([...alphabetical].reverse())
  })

  it('lists the titles without a release date last, whichever way release dates are sorted', async () => {
    const h = await projectorHarness(watchedItems)
    await h.given(
      watched(1, 'Heat', null, '1995-12-15'),
      watched(2, 'Unknown', null, null),
      watched(3, 'Arrival', null, '2016-11-11'),
      watched(4, 'Blank', null, null),
      watched(5, 'Casablanca', null, '1942-11-26'),
    )
    const ids = async (direction: 'asc' | 'desc') =>
      (await pagedThrough(h, 'releaseDate', direction)).map((item) => item.id)
    // Undated among themselves: the latest watch first, as any tie.
    expect(await ids('asc')).toEqual(['e5', 'e1', 'e3', 'e4', 'e2'])
    expect(await ids('desc')).toEqual(['e3', 'e1', 'e5', 'e4', 'e2'])
  })

  it('sorts "Date watched" by the day the diary shows, then the instant, whichever way it runs', async () => {
    const h = await projectorHarness(watchedItems)
    const logged = (entryId: string, watchedOn: string | null, watchedAt: string) =>
      TitleWatched({
        entryId,
        userId: 'u1',
        tmdbId: 1,
        mediaType: 'movie',
        ...entry,
        watchedOn,
        watchedAt,
        rating: null,
        media: { title: 'Heat', posterPath: null, releaseDate: null, voteAverage: null },
        genreIds: [],
      })
    await h.given(
      // "Today" late on 29 November in Los Angeles: already the 30th in UTC.
      logged('la', '2026-11-29', '2026-11-30T07:30:00.000Z'),
      // "Yesterday", the 30th, in Auckland: still the 29th in UTC.
      logged('akl', '2026-11-30', '2026-11-29T23:00:00.000Z'),
      // Later on the 30th in Auckland, and a watch whose day is unknown (its instant's UTC day).
      logged('akl-late', '2026-11-30', '2026-11-30T09:00:00.000Z'),
      logged('unknown', null, '2026-11-29T12:00:00.000Z'),
    )
    const ids = async (direction: 'asc' | 'desc') =>
      (await pagedThrough(h, 'watchedAt', direction)).map((item) => item.id)
    expect(await ids('desc')).toEqual(['akl-late', 'akl', 'la', 'unknown'])
    expect(await ids('asc')).toEqual(['unknown', 'la', 'akl', 'akl-late'])
  })
})
