import { describe, expect, it } from 'vitest'
import type { FriendshipItem } from '@reelmates/contracts/friendships'
import type { RecommendationItem } from '@reelmates/contracts/recommendations'
import { friendHints, friendsToPick, inPlace, sentStatusLabel, withAnswer } from './recommendationChanges'

const friend = (username: string): FriendshipItem => ({
  id: `pair-${username}`,
  user: { id: `id-${username}`, username, avatarUrl: null },
  since: '2026-11-01T00:00:00.000Z',
  inviteCount: 1,
})
const item = (id: string, to: string | null, createdAt: string, status: RecommendationItem['status'] = 'pending') =>
  ({
    id,
    from: { username: 'me' },
    to: to ? { username: to } : null,
    toEmail: null,
    tmdbId: 1,
    mediaType: 'movie',
    mediaTitle: 'Dune',
    mediaPosterPath: null,
    note: null,
    status,
    rating: null,
    emailSent: false,
    createdAt,
    updatedAt: createdAt,
  }) satisfies RecommendationItem

describe('friendsToPick', () => {
  const friends = [friend('zoe'), friend('amy'), friend('bob')]

  it('puts the friends I recommended to lately first, then the rest by name', () => {
    const sent = [item('1', 'bob', '2026-11-02T00:00:00.000Z'), item('2', 'zoe', '2026-11-03T00:00:00.000Z')]
    expect(friendsToPick(friends, sent, '').map((f) => f.user.username)).toEqual(['zoe', 'bob', 'amy'])
  })

  it('keeps those whose name contains the search, whatever its case', () => {
    expect(friendsToPick(friends, [], ' O').map((f) => f.user.username)).toEqual(['bob', 'zoe'])
  })
})

describe('friendHints', () => {
  const dune = { tmdbId: 1, mediaType: 'movie' as const }
  const card = (username: string) => ({ id: `id-${username}`, username, avatarUrl: null })
  const watch = (username: string, rating: number | null) => ({
    user: card(username),
    watchedAt: '2026-11-01T00:00:00.000Z',
    watchedOn: null,
    rating,
    recommend: null,
    reviewExcerpt: null,
    containsSpoilers: false,
  })
  const ofTitle = {
    watched: [watch('amy', 8), watch('cat', null), watch('dan', 6)],
    averageRating: 7,
    watchlist: { count: 2, users: [card('bob'), card('dan')] },
  }

  it('says who watched it (with their stars), who keeps it, and who has my recommendation waiting', () => {
    const sent = [
      item('1', 'eve', '2026-11-02T00:00:00.000Z'),
      item('2', 'amy', '2026-11-01T00:00:00.000Z', 'accepted'),
    ]
    expect(Object.fromEntries(friendHints(dune, ofTitle, sent))).toEqual({
      amy: 'Watched it · 4 stars',
      bob: 'On their watchlist',
      cat: 'Watched it',
      dan: 'Watched it · 3 stars',
      eve: 'You recommended it, no answer yet',
    })
  })

  it('names only this title’s recommendations, and nothing before the title’s friends are known', () => {
    const other = { ...item('1', 'eve', '2026-11-02T00:00:00.000Z'), tmdbId: 2 }
    expect(friendHints(dune, undefined, [other]).size).toBe(0)
  })
})

describe('sentStatusLabel', () => {
  it('says how it went, with their rating once watched', () => {
    expect(sentStatusLabel({ status: 'watched', rating: 9 })).toBe('Watched · 4½ stars')
    expect(sentStatusLabel({ status: 'watched', rating: null })).toBe('Watched')
    expect(sentStatusLabel({ status: 'pending', rating: null })).toBe('Waiting for an answer')
    expect(sentStatusLabel({ status: 'dismissed', rating: null })).toBe('Passed')
  })

  it('says an accept was accepted, not where the title is now (the sender is not told their watchlist)', () =>
    expect(sentStatusLabel({ status: 'accepted', rating: null })).toBe('Accepted'))
})

describe('withAnswer', () => {
  it('applies an answer to its recommendation only', () => {
    const list = [item('1', 'me', 'a'), item('2', 'me', 'b')]
    expect(withAnswer(list, { id: '2', answer: 'dismiss', title: 'Dune' }).map((i) => i.status)).toEqual([
      'pending',
      'dismissed',
    ])
    expect(
      withAnswer(withAnswer(list, { id: '2', answer: 'dismiss', title: 'Dune' }), {
        id: '2',
        answer: 'restore',
        title: 'Dune',
      })[1]?.status,
    ).toBe('pending')
  })
})

describe('inPlace', () => {
  const ids = (items: readonly { id: string }[]) => items.map((one) => one.id)

  it('keeps each card where this visit first showed it, whatever order the server answers next', () => {
    const places = new Map<string, number>()
    const a = item('a', 'me', '2026-11-03T00:00:00.000Z')
    const b = item('b', 'me', '2026-11-02T00:00:00.000Z')
    const c = item('c', 'me', '2026-11-01T00:00:00.000Z')
    expect(ids(inPlace([a, b, c], places))).toEqual(['a', 'b', 'c'])
    // A dismissed, the server lists what waits first: A would go last and B slide into its place.
    const dismissed = { ...a, status: 'dismissed' as const }
    expect(ids(inPlace([b, c, dismissed], places))).toEqual(['a', 'b', 'c'])
  })

  it('puts what arrives while the page is open on top, in the order the server gives', () => {
    const places = new Map<string, number>()
    const old = item('old', 'me', '2026-11-01T00:00:00.000Z')
    inPlace([old], places)
    const newer = item('newer', 'me', '2026-11-05T00:00:00.000Z')
    const new1 = item('new', 'me', '2026-11-04T00:00:00.000Z')
    expect(ids(inPlace([newer, new1, old], places))).toEqual(['newer', 'new', 'old'])
    expect(ids(inPlace([old, newer, new1], places))).toEqual(['newer', 'new', 'old'])
  })
})
