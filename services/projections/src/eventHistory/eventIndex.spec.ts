import { describe, expect, it, vi } from 'vitest'
import { FriendRequestAccepted } from '@reelmates/contracts/friendships'
import { TitleRemovedFromWatchlist } from '@reelmates/contracts/watchlist'
import { projectorHarness } from '../testing/projectorHarness'
import { namesPerson } from '@reelmates/contracts/eventHistory'
import { eventIndex, peopleOf, STREAM_PEOPLE, STREAM_TYPES } from './eventIndex'
import { eventIndexQueries } from './eventIndexQueries'

const metadata = (actorId: string) => ({
  correlationId: 'c',
  causationId: 'c',
  actorId,
  occurredAt: '2026-11-22T10:00:00.000Z',
  schemaVersion: 1,
})

describe('the people an event concerns', () => {
  it('are its actor and every user its data names, but never the system', () => {
    expect(
      peopleOf({
        data: { friendshipId: 'f', byUserId: 'ann', otherUserId: 'bob', subjectUserIds: ['cid'], userIds: 'x' },
        metadata: metadata('ann'),
      }).sort(),
    ).toEqual(['ann', 'bob', 'cid'])
    expect(
      peopleOf({ data: { adminUserId: 'root', subjectUserIds: ['cid', 'dan'] }, metadata: metadata('system') }),
    ).toEqual(['root', 'cid', 'dan'])
    // A comment concerns the activity's owner and the thread; a reaction on a comment, its author.
    expect(
      peopleOf({
        data: { activityId: 'a', activityOwnerId: 'bob', commentId: 'c', userId: 'ann', otherCommenterIds: ['cid'] },
        metadata: metadata('ann'),
      }).sort(),
    ).toEqual(['ann', 'bob', 'cid'])
    expect(
      peopleOf({
        data: { activityId: 'a', activityOwnerId: 'bob', commentId: 'c', commentAuthorId: 'cid', userId: 'dan' },
        metadata: metadata('dan'),
      }).sort(),
    ).toEqual(['bob', 'cid', 'dan'])
    // Nor the scheduler, the role CLI or a visitor not signed in.
    for (const actor of ['scheduler', 'cli', 'anonymous', '']) {
      expect(peopleOf({ data: { userId: 'bob' }, metadata: metadata(actor) })).toEqual(['bob'])
    }
  })
})

// Ids of things, not of people. A new id field of an event must be placed on one side or the other.
const thingIds = new Set(
  'tmdbId entryId genreIds friendshipId invitationId recommendationId postId categoryIds categoryId ownerId subscriptionId activityId commentId announcementId campaignId mailId'.split(
    ' ',
  ),
)

it("every event's id fields are known to name a person or a thing", async () => {
  // The product's events only: a worker shares its modules between files, and specs register events of
  // their own (`TestTitleRated`) in the same registry. Loaded afresh, it holds what `allEvents` defines.
  vi.resetModules()
  await import('@reelmates/contracts/allEvents')
  const { allEventDefinitions } = await import('@reelmates/contracts/events')
  const unplaced: string[] = []
  for (const definition of allEventDefinitions()) {
    const schema = definition.schema as unknown as { shape?: Record<string, unknown> }
    for (const field of Object.keys(schema.shape ?? {})) {
      if (/Ids?$/.test(field) && !namesPerson(field) && !thingIds.has(field))
        unplaced.push(`${definition.type}.${field}`)
    }
  }
  expect(unplaced).toEqual([])
})

describe('event_index', () => {
  it("keeps each stream's people and the newest position of each type, and finds candidates newest first", async () => {
    const h = await projectorHarness(eventIndex)
    await h.given(
      TitleRemovedFromWatchlist({ userId: 'ann', tmdbId: 1, mediaType: 'movie' }),
      TitleRemovedFromWatchlist({ userId: 'bob', tmdbId: 2, mediaType: 'movie' }),
      TitleRemovedFromWatchlist({ userId: 'ann', tmdbId: 3, mediaType: 'movie' }),
    )
    expect((await h.docs(STREAM_PEOPLE)).map((doc) => [doc.streamId, doc.userId])).toEqual([
      ['stream-ann', 'ann'],
      ['stream-ann', 'test'],
      ['stream-bob', 'bob'],
      ['stream-bob', 'test'],
    ])
    expect((await h.docs(STREAM_TYPES)).map((doc) => [doc.streamId, doc.type, doc.last])).toEqual([
      ['stream-ann', 'TitleRemovedFromWatchlist', 3],
      ['stream-bob', 'TitleRemovedFromWatchlist', 2],
    ])
    const queries = eventIndexQueries(h.db)
    expect(await queries.candidateStreams({ type: 'TitleRemovedFromWatchlist' })).toEqual([
      { streamId: 'stream-ann', newest: 3 },
      { streamId: 'stream-bob', newest: 2 },
    ])
    expect(await queries.candidateStreams({ userId: 'bob' })).toEqual([{ streamId: 'stream-bob', newest: 2 }])
    expect(await queries.candidateStreams({ userId: 'bob', type: FriendRequestAccepted.type })).toEqual([])
  })
})
