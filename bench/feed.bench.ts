/**
 * The feed under load: `GET /api/feed` (first page of 20) for a member with 200 friends who have
 * logged 50 public watches each (10,000 activities), against the hello-world GET of the same run.
 * Goal (issue 11): at least 0.3. Every member registers, befriends and logs through the API.
 */
import { row, sample } from './http/measure'
import { inBatches, ok, register, type Member } from './http/members'
import type { HttpBench } from './http/suite'

const friendCount = 200
const activitiesEach = 50
const goal = 0.3

/**
 * Gives `reader` that many friends (registered as `<prefix><i>`), each of whom logs `activitiesEach`
 * public watches through the API (the bench's member, and the profiler's: bench/profile).
 */
export async function befriendWatchers(
  url: string,
  reader: Member,
  { friends, activitiesEach, prefix }: { friends: number; activitiesEach: number; prefix: string },
): Promise<void> {
  const trending = await ok(await fetch(`${url}/api/tmdb/trending/movies`), 'trending')
  const titles = ((await trending.json()) as { results: { id: number }[] }).results.slice(0, 10)
  const readerName = ((await (await reader.call('GET', '/api/user')).json()) as { username: string }).username
  await inBatches(friends, 5, async (i) => {
    const friend = await register(url, `${prefix}${i}`)
    const asked = await ok(await friend.call('POST', '/api/friendships', { username: readerName }), 'ask')
    const { friendship } = (await asked.json()) as { friendship: { id: string } }
    await ok(await reader.call('POST', `/api/friendships/${friendship.id}/accept`, {}), 'accept')
    // Rewatches are entries of their own: each watch is an activity.
    for (let n = 0; n < activitiesEach; n++) {
      const title = titles[n % titles.length]
      if (!title) throw new Error('the catalog has no trending movies')
      const body = { tmdbId: title.id, mediaType: 'movie', rating: 1 + (n % 10), review: `Watch ${n}` }
      await ok(await friend.call('POST', '/api/watched', body), 'watched')
    }
  })
}

async function reader(url: string): Promise<Member> {
  const reader = await register(url, 'bench_feed_reader')
  await befriendWatchers(url, reader, { friends: friendCount, activitiesEach, prefix: 'bench_feed_friend_' })
  const check = await ok(await reader.call('GET', '/api/feed?limit=20'), 'feed')
  const { items } = (await check.json()) as { items: unknown[] }
  if (items.length !== 20) throw new Error(`expected a first page of 20, got ${items.length}`)
  return reader
}

export const feedBench: HttpBench = {
  title: 'Feed over HTTP',
  run: async ({ url, generator, baselines }) => {
    const cookie = (await reader(url)).cookieHeader()
    return [
      row(
        `GET /api/feed first page of 20 (${friendCount} friends × ${activitiesEach} activities)`,
        await sample(generator, { url: `${url}/api/feed?limit=20`, headers: { cookie } }, baselines.GET),
        goal,
      ),
    ]
  },
}
