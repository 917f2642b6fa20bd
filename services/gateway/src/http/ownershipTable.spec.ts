import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MediaResult } from '@reelmates/contracts/catalog'
import { register, type Registered } from '../account/accountFixtures'
import { apiOperations, describeOperation, urlOf, type Operation } from '../testing/apiOperations'
import { createTestApp, type TestApp } from '../testing/testApp'

/**
 * Issue 16.6: every route whose path names one member's resource refuses it to another member.
 * The table is the app's registered routes with a path parameter (from its OpenAPI document);
 * each must either have a fixture below or a written reason why its parameter names no member's
 * resource, so a route added later without one makes this suite fail.
 */

/** Routes whose path parameter names something that is not one member's resource, and why. */
const notAMembersResource: [RegExp, string][] = [
  [/^GET \/api\/tmdb\//, 'a catalog title or provider, the same for everyone'],
  [/^(GET|PUT|POST|DELETE) \/api\/admin\//, 'admin only: the admin table of routeTables.spec.ts refuses members'],
  [/^GET \/api\/blog\/posts\/\{slug\}$/, 'a published post, open to everyone'],
  [
    /^GET \/api\/avatars\/\{userId\}$/,
    'a member’s picture, shown wherever they appear, so open by design; only /api/user/avatar (no id) changes it',
  ],
]

/** Routes that name a title and answer about the caller only: called with the owner's title, they must not leak. */
const callerScoped: Record<string, { why: string; publicByDesign?: (keyof typeof marks)[] }> = {
  'GET /api/library/status/{mediaType}/{tmdbId}': { why: "the caller's own watchlist and watched log for a title" },
  'GET /api/media/{mediaType}/{tmdbId}/friends': { why: "the caller's friends who watched a title" },
  'POST /api/watchlist/{mediaType}/{tmdbId}/restore': {
    why: 'puts back a title the caller took off their own watchlist',
  },
  'GET /api/users/{username}': {
    why: 'a public profile: its recent public watches (with their reviews) are open, nothing else is',
    publicByDesign: ['review'],
  },
  'GET /api/users/{username}/watched': {
    why: "the rest of a public profile's public watches (with their reviews); never a private one",
    publicByDesign: ['review'],
  },
}

// Distinctive words the owner writes: none may appear in any answer to the intruder.
const marks = {
  note: 'owner-watchlist-note-5521',
  review: 'owner-review-5521',
  comment: 'owner-comment-5521',
  recommendationNote: 'owner-recommendation-note-5521',
  privateReview: 'owner-private-review-5521',
}

interface Resources {
  movie: MediaResult
  entryId: string
  activityId: string
  commentId: string
  pendingFriendshipId: string
  friendshipId: string
  invitationId: string
  recommendationId: string
}

type Attempt = (r: Resources) => { params: Record<string, string>; body?: unknown }

const reaction = encodeURIComponent('👍')
const title = (r: Resources) => ({ mediaType: 'movie', tmdbId: String(r.movie.id) })

/** For each route that names a member's resource: the owner's ids to put in its path, and a valid body. */
const ownedResourceRoutes: Record<string, Attempt> = {
  'PATCH /api/watchlist/{mediaType}/{tmdbId}': (r) => ({ params: title(r), body: { note: 'intruder' } }),
  'DELETE /api/watchlist/{mediaType}/{tmdbId}': (r) => ({ params: title(r) }),
  'POST /api/watchlist/{mediaType}/{tmdbId}/move': (r) => ({ params: title(r), body: { toIndex: 0 } }),
  'PATCH /api/watched/{entryId}': (r) => ({ params: { entryId: r.entryId }, body: { rating: 1 } }),
  'DELETE /api/watched/{entryId}': (r) => ({ params: { entryId: r.entryId } }),
  'POST /api/watched/{entryId}/restore': (r) => ({ params: { entryId: r.entryId } }),
  'POST /api/friendships/{id}/accept': (r) => ({ params: { id: r.pendingFriendshipId } }),
  'POST /api/friendships/{id}/decline': (r) => ({ params: { id: r.pendingFriendshipId } }),
  'DELETE /api/friendships/{id}': (r) => ({ params: { id: r.friendshipId } }),
  'DELETE /api/friendships/invitations/{id}': (r) => ({ params: { id: r.invitationId } }),
  'POST /api/recommendations/{id}/accept': (r) => ({ params: { id: r.recommendationId } }),
  'POST /api/recommendations/{id}/dismiss': (r) => ({ params: { id: r.recommendationId } }),
  'POST /api/recommendations/{id}/restore': (r) => ({ params: { id: r.recommendationId } }),
  'GET /api/activities/{id}': (r) => ({ params: { id: r.activityId } }),
  'POST /api/activities/{id}/comments': (r) => ({ params: { id: r.activityId }, body: { content: 'intruder' } }),
  'PUT /api/activities/{id}/reactions/{emoji}': (r) => ({ params: { id: r.activityId, emoji: reaction } }),
  'DELETE /api/activities/{id}/reactions/{emoji}': (r) => ({ params: { id: r.activityId, emoji: reaction } }),
  'PATCH /api/comments/{id}': (r) => ({ params: { id: r.commentId }, body: { content: 'intruder' } }),
  'DELETE /api/comments/{id}': (r) => ({ params: { id: r.commentId } }),
  'PUT /api/comments/{id}/reactions/{emoji}': (r) => ({ params: { id: r.commentId, emoji: reaction } }),
  'DELETE /api/comments/{id}/reactions/{emoji}': (r) => ({ params: { id: r.commentId, emoji: reaction } }),
}

let t: TestApp
let owner: Registered
let friend: Registered
let stranger: Registered
let intruder: Registered
let resources: Resources
let operations: Operation[]

const withPathParams = () => operations.filter((operation) => operation.pathParams.length > 0)
const exempt = (name: string) => notAMembersResource.some(([rule]) => rule.test(name))

async function ok<T>(answer: Promise<LightMyRequestResponse>): Promise<T> {
  const settled = await answer
  expect(settled.statusCode, settled.body).toBeLessThan(300)
  return settled.json<T>()
}

beforeAll(async () => {
  t = await createTestApp()
  operations = apiOperations(t.app)
  owner = await register(t.app, 'owner5521')
  friend = await register(t.app, 'friend5521')
  stranger = await register(t.app, 'stranger5521')
  intruder = await register(t.app, 'intruder5521')
  const [movie, watchedMovie] = (await t.platform.catalog.trendingMovies()).results
  // The owner's watchlist title, a public watch with a review (an activity), a comment on it, a
  // friendship, a request still waiting for a stranger, and a recommendation to the friend.
  await ok(owner.client.post('/api/watchlist', { tmdbId: movie!.id, mediaType: 'movie', note: marks.note }))
  const { friendship } = await ok<{ friendship: { id: string } }>(
    owner.client.post('/api/friendships', { username: friend.user.username }),
  )
  await ok(friend.client.post(`/api/friendships/${friendship.id}/accept`))
  const pending = await ok<{ friendship: { id: string } }>(
    owner.client.post('/api/friendships', { username: stranger.user.username }),
  )
  const { invitation } = await ok<{ invitation: { id: string } }>(
    owner.client.post('/api/friendships', { email: 'someone.invited5521@example.org' }),
  )
  const { entryId } = await ok<{ entryId: string }>(
    owner.client.post('/api/watched', {
      tmdbId: watchedMovie!.id,
      mediaType: 'movie',
      rating: 8,
      recommend: true,
      review: marks.review,
    }),
  )
  await ok(
    owner.client.post('/api/watched', {
      tmdbId: movie!.id,
      mediaType: 'movie',
      rating: 3,
      isPrivate: true,
      review: marks.privateReview,
    }),
  )
  const activityId = `watched:${entryId}`
  const comment = await ok<{ id: string }>(
    owner.client.post(`/api/activities/${encodeURIComponent(activityId)}/comments`, { content: marks.comment }),
  )
  await ok(owner.client.put(`/api/activities/${encodeURIComponent(activityId)}/reactions/${reaction}`))
  const { recommendations } = await ok<{ recommendations: { id: string }[] }>(
    owner.client.post('/api/recommendations', {
      tmdbId: movie!.id,
      mediaType: 'movie',
      toUsernames: [friend.user.username],
      note: marks.recommendationNote,
    }),
  )
  resources = {
    movie: movie!,
    entryId,
    activityId,
    commentId: comment.id,
    pendingFriendshipId: pending.friendship.id,
    friendshipId: friendship.id,
    invitationId: invitation.id,
    recommendationId: recommendations[0]!.id,
  }
})
afterAll(() => t.close())

function expectNoLeak(body: string, open: (keyof typeof marks)[] = []) {
  for (const [name, mark] of Object.entries(marks)) {
    if (!open.includes(name as keyof typeof marks)) expect(body).not.toContain(mark)
  }
}

describe("the table of routes that take a member's resource id", () => {
  it('covers every registered route with a path parameter: a fixture, or a reason why it names no member’s resource', () => {
    const unclassified = withPathParams()
      .map(describeOperation)
      .filter((name) => !(name in ownedResourceRoutes) && !(name in callerScoped) && !exempt(name))
    expect(unclassified, 'add a fixture to ownershipTable.spec.ts for each new route').toEqual([])
    // And every fixture still names a registered route, so the table cannot rot.
    const registered = new Set(withPathParams().map(describeOperation))
    for (const name of [...Object.keys(ownedResourceRoutes), ...Object.keys(callerScoped)]) {
      expect(registered.has(name), name).toBe(true)
    }
    for (const [rule] of notAMembersResource) expect([...registered].some((name) => rule.test(name))).toBe(true)
  })

  it('lets the owner (or the friend it was shared with) use the same ids, so a refusal below means something', async () => {
    const activity = `/api/activities/${encodeURIComponent(resources.activityId)}`
    expect((await owner.client.get(activity)).body).toContain(marks.comment)
    expect((await friend.client.get(activity)).body).toContain(marks.review)
    const received = (await friend.client.get('/api/recommendations?box=received')).body
    expect(received).toContain(resources.recommendationId)
    expect((await owner.client.get('/api/watchlist')).body).toContain(marks.note)
    expect((await owner.client.get('/api/watched')).body).toContain(marks.privateReview)
  })
})

describe("another member calling with the owner's id is refused, and learns nothing", () => {
  it.each(Object.keys(ownedResourceRoutes))('%s', async (name) => {
    const operation = operations.find((candidate) => describeOperation(candidate) === name)!
    const { params, body } = ownedResourceRoutes[name]!(resources)
    const answer = await intruder.client.request(operation.method, urlOf(operation, params), { body })
    expect([403, 404], `${answer.statusCode} ${answer.body}`).toContain(answer.statusCode)
    expect(answer.json<{ message?: unknown }>().message).toEqual(expect.any(String))
    expectNoLeak(answer.body)
  })

  it.each(Object.keys(callerScoped))('%s (answers about the caller only)', async (name) => {
    const operation = operations.find((candidate) => describeOperation(candidate) === name)!
    const params = { mediaType: 'movie', tmdbId: String(resources.movie.id), username: owner.user.username }
    const answer = await intruder.client.request(operation.method, urlOf(operation, params))
    expect(answer.statusCode, answer.body).toBeLessThan(500)
    expectNoLeak(answer.body, callerScoped[name]!.publicByDesign)
  })

  it("leaves every one of the owner's resources as it was", async () => {
    const watchlist = (await owner.client.get('/api/watchlist')).body
    expect(watchlist).toContain(marks.note)
    expect(watchlist).not.toContain('intruder')
    const watched = (await owner.client.get('/api/watched')).body
    expect(watched).toContain(resources.entryId)
    expect(watched).toContain(marks.review)
    const activity = await owner.client.get(`/api/activities/${encodeURIComponent(resources.activityId)}`)
    expect(activity.body).toContain(marks.comment)
    expect(activity.body).not.toContain('intruder')
    const friendships = (await owner.client.get('/api/friendships')).body
    expect(friendships).toContain(resources.friendshipId)
    expect(friendships).toContain(resources.pendingFriendshipId)
    expect(friendships).toContain(resources.invitationId)
    const received = await friend.client.get('/api/recommendations?box=received')
    expect(received.json<{ items: { id: string; status: string }[] }>().items).toEqual([
      expect.objectContaining({ id: resources.recommendationId, status: 'pending' }),
    ])
  })
})
