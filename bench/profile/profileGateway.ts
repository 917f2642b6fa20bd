/**
 * `npm run bench:profile -- <route> [<route> …]`: the gateway as `npm start` runs it, under
 * `node --cpu-prof`, loaded by autocannon in its own process (50 connections, 10 s per route) with a
 * signed-in member's cookie, then stopped with SIGTERM so the profile is written; prints the
 * profile's self time by function and by package or file (`summariseProfile`). A route `watchlist`
 * first gives the member 500 titles, `feed` first gives them 20 friends with 10 public watches each.
 */
import { mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startGateway, startLoadGenerator } from '../http/processes'
import { addToWatchlist, inBatches, movieIds, ok, register, type Member } from '../http/members'
import { summariseProfile } from './summariseProfile'

const seconds = Number(process.env.PROFILE_SECONDS ?? 10)

async function prepare(url: string, member: Member, route: string): Promise<void> {
  if (route.startsWith('/api/watchlist')) {
    for (const tmdbId of await movieIds(url, 500)) await addToWatchlist(member, tmdbId)
  }
  if (route.startsWith('/api/feed')) {
    const trending = await ok(await fetch(`${url}/api/tmdb/trending/movies`), 'trending')
    const titles = ((await trending.json()) as { results: { id: number }[] }).results.slice(0, 10)
    const me = ((await (await member.call('GET', '/api/user')).json()) as { username: string }).username
    await inBatches(20, 5, async (i) => {
      const friend = await register(url, `profile_friend_${i}`)
      const asked = await ok(await friend.call('POST', '/api/friendships', { username: me }), 'ask')
      const { friendship } = (await asked.json()) as { friendship: { id: string } }
      await ok(await member.call('POST', `/api/friendships/${friendship.id}/accept`, {}), 'accept')
      for (const title of titles) {
        await ok(
          await friend.call('POST', '/api/watched', { tmdbId: title.id, mediaType: 'movie', rating: 7 }),
          'watched',
        )
      }
    })
  }
}

const routes = process.argv.slice(2)
if (routes.length === 0) routes.push('/api/user')
const profileDir = mkdtempSync(join(tmpdir(), 'reelmates-profile-'))
const gateway = await startGateway(['--cpu-prof', `--cpu-prof-dir=${profileDir}`])
const generator = startLoadGenerator()
try {
  const member = await register(gateway.url, 'profile_member')
  for (const route of routes) await prepare(gateway.url, member, route)
  for (const route of routes) {
    const figures = await generator.run({
      url: `${gateway.url}${route}`,
      headers: { cookie: member.cookieHeader() },
      connections: 50,
      durationSeconds: seconds,
    })
    console.log(
      `${route}: ${Math.round(figures.requestsPerSecond)} req/s, p99 ${figures.p99Ms} ms, ${figures.non2xx} non-2xx`,
    )
  }
} finally {
  await generator.stop()
  await gateway.stop()
}
for (const file of readdirSync(profileDir)) {
  console.log(`\n${join(profileDir, file)}`)
  summariseProfile(join(profileDir, file))
}
