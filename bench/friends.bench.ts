/**
 * Friends under load, each figure next to a hello-world baseline measured the same way in the same
 * run: `GET /api/friendships` and `GET /api/users/:username` for a member with 200 friends.
 */
import Fastify from 'fastify'
import autocannon from 'autocannon'
import { pathToFileURL } from 'node:url'
import { account, accountStreamId } from '@reelmates/commands/account/account'
import type { Decider } from '@reelmates/commands/decider'
import { friendship, friendshipStreamId } from '@reelmates/commands/friendship/friendship'
import { handleCommand } from '@reelmates/commands/handleCommand'
import { friendshipIdOf } from '@reelmates/contracts/friendships'
import type { DomainEvent } from '@reelmates/contracts/events'
import { agent, createTestApp, type Agent, type TestApp } from '../services/gateway/src/testing/testApp'

const friendCount = 200
const connections = 50
const durationSeconds = 5

/** A member with 20 public watches and `friendCount` friends, signed in through the API. */
export async function popularMember(test: TestApp): Promise<Agent> {
  const register = async (username: string): Promise<Agent> => {
    const client = agent(test.app)
    const answer = await client.post('/api/register', {
      username,
      email: `${username}@example.com`,
      password: 'bench-password',
    })
    if (answer.statusCode !== 201) throw new Error(`register ${username}: ${answer.statusCode} ${answer.body}`)
    return client
  }
  const popular = await register('bench_popular')
  // A profile with something to show: public watches of trending titles.
  for (const title of (await test.platform.catalog.trendingMovies()).results.slice(0, 20)) {
    await popular.post('/api/watched', { tmdbId: title.id, mediaType: 'movie', rating: 7, review: 'Seen it' })
  }
  // The friends are written straight through the command handler (no password hashing, no HTTP):
  // the figures are about reading 200 friends, not about signing them up.
  const popularId = (await popular.get('/api/user')).json<{ id: string }>().id
  const reached: bigint[] = []
  for (let i = 0; i < friendCount; i++) {
    const friendId = test.platform.newId()
    const at = new Date().toISOString()
    const run = async <C, E extends DomainEvent, S>(decider: Decider<C, E, S>, streamId: string, command: C) => {
      const result = await handleCommand(test.platform.eventStore, {
        decider,
        streamId,
        command,
        metadata: { correlationId: 'bench', causationId: 'bench', actorId: friendId, occurredAt: at },
      })
      if (result.position !== null) reached.push(result.position)
    }
    await run(account, accountStreamId(friendId), {
      type: 'RegisterUser',
      userId: friendId,
      username: `bench_friend_${i}`,
      email: `bench_friend_${i}@example.com`,
      passwordHash: 'not-a-real-hash',
      location: null,
      bio: null,
      invitationToken: null,
      registeredAt: at,
    })
    const friendshipId = friendshipIdOf(friendId, popularId)
    const streamId = friendshipStreamId(friendshipId)
    const other = { otherUsername: 'bench_popular', otherDeleted: false }
    await run(friendship, streamId, {
      type: 'SendFriendRequest',
      fromUserId: friendId,
      toUserId: popularId,
      invitationId: null,
      at,
      ...other,
    })
    await run(friendship, streamId, { type: 'AcceptFriendRequest', friendshipId, userId: popularId, at, ...other })
  }
  const last = reached.at(-1)
  if (last !== undefined) await test.platform.projections.waitForPosition(last, 60_000)
  const check = (await popular.get('/api/friendships')).json<{ friends: unknown[] }>()
  if (check.friends.length !== friendCount)
    throw new Error(`expected ${friendCount} friends, got ${check.friends.length}`)

  return popular
}

export async function benchFriends(): Promise<Record<string, number | string>> {
  const hello = Fastify()
  hello.get('/hello', async () => ({ hello: 'world' }))
  const helloUrl = await hello.listen({ host: '127.0.0.1', port: 0 })

  const test = await createTestApp()
  try {
    const popular = await popularMember(test)
    const url = await test.app.listen({ host: '127.0.0.1', port: 0 })
    const cookie = [...popular.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    const cannon = async (target: string, headers: Record<string, string> = {}) => {
      const result = await autocannon({ url: target, connections, duration: durationSeconds, headers })
      if (result.non2xx > 0) throw new Error(`${target}: ${result.non2xx} non-2xx answers`)
      return Math.round(result.requests.average)
    }
    const baseline = await cannon(`${helloUrl}/hello`)
    const list = await cannon(`${url}/api/friendships`, { cookie })
    const profile = await cannon(`${url}/api/users/bench_popular`, { cookie })

    return {
      'hello-world GET req/s': baseline,
      [`GET /api/friendships (${friendCount} friends) req/s`]: list,
      'friendships / baseline': Number((list / baseline).toFixed(3)),
      [`GET /api/users/:username (${friendCount} friends) req/s`]: profile,
      'profile / baseline': Number((profile / baseline).toFixed(3)),
    }
  } finally {
    await hello.close()
    await test.close()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.table(await benchFriends())
}
