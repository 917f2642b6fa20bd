import { describe, expect, it } from 'vitest'
import { RecommendationAccepted, RecommendationSent } from '@reelmates/contracts/recommendations'
import {
  TitleAddedToWatchlist,
  TitlePutBackOnWatchlist,
  TitleRemovedFromWatchlist,
} from '@reelmates/contracts/watchlist'
import { projectorHarness } from '../testing/projectorHarness'
import { analytics } from './analytics'
import { analyticsQueries } from './analyticsQueries'

const about = (recommendationId: string, toUserId: string) => ({
  recommendationId,
  fromUserId: 'ann-id',
  toUserId,
  tmdbId: 438631,
  mediaType: 'movie' as const,
  mediaTitle: 'Dune',
  mediaPosterPath: null,
})
const sent = (recommendationId: string, toUserId: string) =>
  RecommendationSent({
    ...about(recommendationId, toUserId),
    toEmail: null,
    note: null,
    tokenHash: null,
    expiresAt: null,
    sentAt: '2026-11-20T21:00:00.000Z',
  })

describe('analytics', () => {
  it('counts recommendations sent (one per recipient) and accepted, on the day they happened', async () => {
    const h = await projectorHarness(analytics)
    h.at('2026-11-19T08:00:00.000Z')
    await h.given(sent('r1', 'bob-id'), sent('r2', 'cat-id'), sent('r3', 'dan-id'))
    h.at('2026-11-20T08:00:00.000Z')
    await h.given(RecommendationAccepted({ ...about('r1', 'bob-id'), acceptedAt: '2026-11-20T08:00:00.000Z' }))
    const { days } = await analyticsQueries(h.db).series('2026-11-20', 7)
    expect(days.at(-2)).toMatchObject({ day: '2026-11-19', recommendationsSent: 3, recommendationsAccepted: 0 })
    expect(days.at(-1)).toMatchObject({ day: '2026-11-20', recommendationsSent: 0, recommendationsAccepted: 1 })
  })

  it('counts as active only members, not the system, the scheduler, the role CLI or a visitor', async () => {
    const h = await projectorHarness(analytics)
    h.at('2026-11-20T08:00:00.000Z')
    const removal = TitleRemovedFromWatchlist({ userId: 'bob-id', tmdbId: 438631, mediaType: 'movie' })
    for (const actor of ['anonymous', 'cli', 'scheduler', 'system', 'ann-id', 'bob-id', 'ann-id']) {
      h.as(actor)
      await h.given(removal)
    }
    const { days } = await analyticsQueries(h.db).series('2026-11-20', 7)
    expect(days.at(-1)).toMatchObject({ day: '2026-11-20', activeUsers: 2 })
  })

  it('counts a title put back on a watchlist (an undo) as no second add', async () => {
    const h = await projectorHarness(analytics)
    h.at('2026-11-20T08:00:00.000Z')
    const dune = { userId: 'bob-id', tmdbId: 438631, mediaType: 'movie' as const }
    const add = {
      ...dune,
      note: null,
      addedAt: '2026-11-20T08:00:00.000Z',
      media: { title: 'Dune', posterPath: null, releaseDate: null, voteAverage: null },
      streamingOn: [],
    }
    await h.given(TitleAddedToWatchlist(add), TitleRemovedFromWatchlist(dune), TitlePutBackOnWatchlist(add))
    const { mostWatchlistedThisWeek } = await analyticsQueries(h.db).series('2026-11-20', 7)
    expect(mostWatchlistedThisWeek).toEqual([{ tmdbId: 438631, mediaType: 'movie', title: 'Dune', count: 1 }])
  })

  it('ranks titles by the members who watched or watchlisted them, not by how often', async () => {
    const h = await projectorHarness(analytics)
    h.at('2026-11-18T08:00:00.000Z')
    const media = { posterPath: null, releaseDate: null, voteAverage: null }
    const add = (userId: string, tmdbId: number, title: string) =>
      TitleAddedToWatchlist({
        userId,
        tmdbId,
        mediaType: 'movie',
        note: null,
        addedAt: '2026-11-18T08:00:00.000Z',
        media: { ...media, title },
        streamingOn: [],
      })
    const remove = (userId: string, tmdbId: number) => TitleRemovedFromWatchlist({ userId, tmdbId, mediaType: 'movie' })
    // bob adds and removes Dune again and again; ann and cat each add Jaws once.
    for (let round = 0; round < 5; round += 1) await h.given(add('bob-id', 1, 'Dune'), remove('bob-id', 1))
    await h.given(add('ann-id', 2, 'Jaws'), add('cat-id', 2, 'Jaws'))
    h.at('2026-11-20T08:00:00.000Z')
    await h.given(add('bob-id', 1, 'Dune'))
    const { mostWatchlistedThisWeek } = await analyticsQueries(h.db).series('2026-11-20', 7)
    expect(mostWatchlistedThisWeek.map(({ title, count }) => [title, count])).toEqual([
      ['Jaws', 2],
      ['Dune', 1],
    ])
  })
})
