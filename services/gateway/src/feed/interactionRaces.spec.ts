import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LightMyRequestResponse } from 'fastify'
import type { MediaResult } from '@reelmates/contracts/catalog'
import type { ActivityAnswer } from '@reelmates/contracts/feed'
import { password, register, type Registered } from '../account/accountFixtures'
import { beforeTheNextAnswerIsRead, holdTheNextAppend } from '../testing/meanwhile'
import { createTestApp, type TestApp } from '../testing/testApp'

let t: TestApp
let title: MediaResult
beforeAll(async () => {
  t = await createTestApp()
  title = (await t.platform.catalog.trendingMovies()).results[0]!
})
afterAll(() => t.close())

let counter = 0
const member = (name: string) => register(t.app, `${name}_${(counter += 1)}`)
const enc = encodeURIComponent

/** ann and bob are friends, and ann has logged a public watch: its activity's address. */
async function friendsAndAWatch(): Promise<{ ann: Registered; bob: Registered; activity: string }> {
  const [ann, bob] = await Promise.all([member('ann'), member('bob')])
  const asked = await ann.client.post('/api/friendships', { username: bob.user.username })
  const { id } = asked.json<{ friendship: { id: string } }>().friendship
  expect((await bob.client.post(`/api/friendships/${id}/accept`)).statusCode).toBe(200)
  const watched = await ann.client.post('/api/watched', { tmdbId: title.id, mediaType: 'movie', review: 'Long.' })
  return { ann, bob, activity: `/api/activities/${enc(`watched:${watched.json<{ entryId: string }>().entryId}`)}` }
}

const refusal = (answer: LightMyRequestResponse) => ({
  status: answer.statusCode,
  message: answer.json<{ message?: string }>().message,
})

describe('a comment raced by the activity’s owner', () => {
  it('answers an edit 404 when the owner deleted the comment before the answer was read', async () => {
    const { ann, bob, activity } = await friendsAndAWatch()
    const comment = (await bob.client.post(`${activity}/comments`, { content: 'Too long?' })).json<{ id: string }>()
    const deletion = beforeTheNextAnswerIsRead(t.platform, () => ann.client.delete(`/api/comments/${comment.id}`))

    const edit = await bob.client.patch(`/api/comments/${comment.id}`, { content: 'Far too long.' })
    expect((await deletion()).statusCode).toBe(200)
    expect(refusal(edit)).toEqual({ status: 404, message: 'No such comment.' })
    expect((await bob.client.get(activity)).json<ActivityAnswer>().comments).toEqual([])
  })

  it('answers a new comment 404 when the owner’s account went before the answer was read', async () => {
    const { ann, bob, activity } = await friendsAndAWatch()
    const deletion = beforeTheNextAnswerIsRead(t.platform, () =>
      ann.client.delete('/api/user', { currentPassword: password }),
    )

    const added = await bob.client.post(`${activity}/comments`, { content: 'Worth it.' })
    expect((await deletion()).statusCode).toBe(200)
    expect(refusal(added)).toEqual({ status: 404, message: 'No such activity.' })
    expect((await bob.client.get(activity)).statusCode).toBe(404)
  })
})

describe('reactions toggled from two tabs at once', () => {
  it('count exactly the reactions the activity’s stream holds after the burst, in the feed and on the activity', async () => {
    const { ann, bob, activity } = await friendsAndAWatch()
    const comment = (await bob.client.post(`${activity}/comments`, { content: 'Yes.' })).json<{ id: string }>()
    const activityId = decodeURIComponent(activity.split('/').at(-1)!)
    // Each of ann's and bob's two tabs puts and takes back 🔥 and 😂, on the activity and on the comment.
    const toggles = [activity, `/api/comments/${comment.id}`].flatMap((target) =>
      [ann, ann, bob, bob].flatMap((who, tab) =>
        ['🔥', '😂', '🔥'].map((emoji, i) => {
          const url = `${target}/reactions/${enc(emoji)}`
          return (i + tab) % 2 === 0 ? who.client.put(url) : who.client.delete(url)
        }),
      ),
    )
    expect((await Promise.all(toggles)).map((answer) => answer.statusCode)).toEqual(toggles.map(() => 200))

    const held = new Set<string>()
    for (const event of await t.platform.eventStore.readStream(`activity-${activityId}`)) {
      const { commentId, userId, emoji } = event.data as { commentId: string | null; userId: string; emoji: string }
      const key = `${commentId ?? ''} ${userId === ann.user.id ? ann.user.username : bob.user.username} ${emoji}`
      if (event.type === 'ReactionAdded') held.add(key)
      if (event.type === 'ReactionRemoved') held.delete(key)
    }
    type Shown = { emoji: string; count: number; users: string[] }[]
    const listed = (commentId: string, shown: Shown) =>
      shown.flatMap(({ emoji, count, users }) => {
        expect(count).toBe(users.length)
        return users.map((username) => `${commentId} ${username} ${emoji}`)
      })
    const { activity: shownActivity, comments } = (await ann.client.get(activity)).json<ActivityAnswer>()
    const inFeed = (await bob.client.get('/api/feed')).json<{ items: { id: string; reactions: Shown }[] }>()
    expect([...listed('', shownActivity.reactions), ...listed(comment.id, comments[0]!.reactions)].sort()).toEqual(
      [...held].sort(),
    )
    expect(listed('', inFeed.items.find((item) => item.id === activityId)!.reactions).sort()).toEqual(
      [...held].filter((key) => key.startsWith(' ')).sort(),
    )
  })
})

describe('a reaction sent as its author deletes their account', () => {
  it('is not counted once the account is gone, though it was stored after the deletion', async () => {
    const { ann, bob, activity } = await friendsAndAWatch()
    const held = holdTheNextAppend(t.platform)
    const reacting = bob.client.put(`${activity}/reactions/${enc('🔥')}`)
    await held.reached
    expect((await bob.client.delete('/api/user', { currentPassword: password })).statusCode).toBe(200)
    held.release()
    expect((await reacting).statusCode).toBe(200)

    const head = { headers: { 'x-min-position': String(await t.platform.eventStore.headPosition()) } }
    expect((await ann.client.get(activity, head)).json<ActivityAnswer>().activity.reactions).toEqual([])
    const feed = (await ann.client.get('/api/feed', head)).json<{ items: { reactions: unknown[] }[] }>()
    expect(feed.items.map((item) => item.reactions)).toEqual([[]])
  })
})
