/**
 * Friends under load: `GET /api/friendships` and `GET /api/users/:username` for a member with 200
 * friends and 20 public watches, against the hello-world GET of the same run. Every friend is
 * registered, asks and is accepted through the API.
 */
import { row, sample } from './http/measure'
import { inBatches, ok, register, type Member } from './http/members'
import type { HttpBench } from './http/suite'

const friendCount = 200

async function popularMember(url: string): Promise<Member> {
  const popular = await register(url, 'bench_popular')
  const trending = await ok(await fetch(`${url}/api/tmdb/trending/movies`), 'trending')
  for (const title of ((await trending.json()) as { results: { id: number }[] }).results.slice(0, 20)) {
    const answer = await popular.call('POST', '/api/watched', {
      tmdbId: title.id,
      mediaType: 'movie',
      rating: 7,
      review: 'Seen it',
    })
    await ok(answer, 'watched')
  }
  await inBatches(friendCount, 5, async (i) => {
    const friend = await register(url, `bench_friend_${i}`)
    const asked = await ok(await friend.call('POST', '/api/friendships', { username: 'bench_popular' }), 'ask')
    const { friendship } = (await asked.json()) as { friendship: { id: string } }
    await ok(await popular.call('POST', `/api/friendships/${friendship.id}/accept`, {}), 'accept')
  })
  const check = await ok(await popular.call('GET', '/api/friendships'), 'friendships')
  const { friends } = (await check.json()) as { friends: unknown[] }
  if (friends.length !== friendCount) throw new Error(`expected ${friendCount} friends, got ${friends.length}`)
  return popular
}

export const friendsBench: HttpBench = {
  title: 'Friends over HTTP',
  run: async ({ url, generator, baselines }) => {
    const cookie = (await popularMember(url)).cookieHeader()
    return [
      row(
        `GET /api/friendships (${friendCount} friends)`,
        await sample(generator, { url: `${url}/api/friendships`, headers: { cookie } }, baselines.GET),
      ),
      row(
        `GET /api/users/:username (${friendCount} friends)`,
        await sample(generator, { url: `${url}/api/users/bench_popular`, headers: { cookie } }, baselines.GET),
      ),
    ]
  },
}
