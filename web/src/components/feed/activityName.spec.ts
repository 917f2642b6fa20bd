import { describe, expect, it } from 'vitest'
import type { FeedItem } from '@reelmates/contracts/feed'
import { activityName } from './activityName'

const ann = { id: 'u-ann', username: 'ann', avatarUrl: null }
const bob = { id: 'u-bob', username: 'bob', avatarUrl: null }
const item = (overrides: Partial<FeedItem>): FeedItem => ({
  id: 'watched:e1',
  activityType: 'watched',
  user: ann,
  target: null,
  tmdbId: 1,
  mediaType: 'movie',
  mediaTitle: 'Dune',
  mediaPosterPath: null,
  rating: null,
  recommend: null,
  review: null,
  containsSpoilers: false,
  watchedAt: null,
  watchedOn: null,
  rewatch: false,
  createdAt: '2026-11-27T10:00:00.000Z',
  reactions: [],
  commentCount: 0,
  ...overrides,
})

describe('what an activity is called beside its controls', () => {
  it.each([
    [item({}), 'u-me', "ann's watch of Dune"],
    [item({ rewatch: true }), 'u-me', "ann's rewatch of Dune"],
    [item({}), 'u-ann', 'your watch of Dune'],
    [item({ activityType: 'watchlist_add' }), 'u-me', "ann's watchlist add of Dune"],
    [item({ activityType: 'recommendation', target: bob }), 'u-bob', "ann's recommendation of Dune"],
    [item({ activityType: 'friendship', mediaTitle: null, target: bob }), 'u-ann', 'your new friendship with bob'],
    [item({ activityType: 'friendship', mediaTitle: null, target: bob }), 'u-bob', 'your new friendship with ann'],
    [item({ activityType: 'friendship', mediaTitle: null, target: bob }), 'u-me', "ann and bob's new friendship"],
  ])('names %#', (activity, meId, name) => {
    expect(activityName(activity, meId)).toBe(name)
  })
})
