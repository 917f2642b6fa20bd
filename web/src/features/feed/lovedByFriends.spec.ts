import type { LovedTitle } from '@reelmates/contracts/lovedByFriends'
import type { WatchedTitle } from '@reelmates/contracts/watched'
import { describe, expect, it } from 'vitest'
import { lovedByLine, lovedRowOf } from './lovedByFriends'

const friend = (username: string) => ({ username, avatarUrl: null })
const loved = (id: number, usernames: string[], friendCount = usernames.length): LovedTitle => ({
  media: {
    id,
    media_type: 'movie',
    title: `Film ${id}`,
    overview: '',
    poster_path: null,
    backdrop_path: null,
    vote_average: 0,
    vote_count: 0,
    popularity: 0,
    genre_ids: [],
  },
  friends: usernames.map(friend),
  friendCount,
  lovedAt: '2026-11-20T10:00:00.000Z',
})
const myWatch = (tmdbId: number): WatchedTitle => ({
  tmdbId,
  mediaType: 'movie',
  timesWatched: 1,
  lastWatchedAt: '2026-11-21T10:00:00.000Z',
  rating: null,
})

describe('loved by your friends', () => {
  it('names the friends the answer names, and counts the rest', () => {
    expect(lovedByLine(loved(1, ['ann']))).toBe('Loved by ann')
    expect(lovedByLine(loved(1, ['ann', 'bob', 'cat'], 5))).toBe('Loved by ann, bob, cat +2')
  })

  it('takes a title out of the row once I watched it, before the row is asked again', () => {
    const row = lovedRowOf([loved(1, ['ann']), loved(2, ['bob'])], new Map([['movie:1', myWatch(1)]]))
    expect(row.results.map((media) => media.id)).toEqual([2])
    expect([...row.notes]).toEqual([['movie:2', 'Loved by bob']])
  })

  it('keeps every title while my watched titles are not known yet', () => {
    expect(lovedRowOf([loved(1, ['ann'])], undefined).results).toHaveLength(1)
  })
})
