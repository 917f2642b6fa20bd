/**
 * `npm run bench:profile -- <route> [<route> …]`: the gateway as `npm start` runs it, under
 * `node --cpu-prof`, loaded by autocannon in its own process (50 connections, 10 s per route) with a
 * signed-in member's cookie, then stopped with SIGTERM so the profile is written; prints the
 * profile's self time by function and by package or file (`summariseProfile`). A route `watchlist`
 * first gives the member 500 titles, `feed` first gives them 20 friends with 10 public watches each
 * (`PROFILE_FEED_FRIENDS=200 PROFILE_FEED_WATCHES=50`: the feed bench's member).
 * The route `note-edits` profiles the write path as the bench loads it: 50 members, one a connection,
 * each rewriting the note of a title on their own watchlist (every edit a new note, so an event).
 */
import { mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startGateway, startLoadGenerator } from '../http/processes'
import { addToWatchlist, inBatches, movieIds, register, writeHeaders, type Member } from '../http/members'
import { befriendWatchers } from '../feed.bench'
import type { FigureLoad } from '../http/measure'
import { summariseProfile, type ProfileWindow } from './summariseProfile'

const seconds = Number(process.env.PROFILE_SECONDS ?? 10)
const feedFriends = Number(process.env.PROFILE_FEED_FRIENDS ?? 20)
const feedWatches = Number(process.env.PROFILE_FEED_WATCHES ?? 10)

async function prepare(url: string, member: Member, route: string): Promise<void> {
  if (route.startsWith('/api/watchlist')) {
    for (const tmdbId of await movieIds(url, 500)) await addToWatchlist(member, tmdbId)
  }
  if (route.startsWith('/api/feed')) {
    await befriendWatchers(url, member, {
      friends: feedFriends,
      activitiesEach: feedWatches,
      prefix: 'profile_friend_',
    })
  }
}

/** The load of a route: a signed-in member's read, or `note-edits` (see above). */
async function loadOf(url: string, member: Member, route: string): Promise<FigureLoad> {
  if (route !== 'note-edits') return { url: `${url}${route}`, headers: { cookie: member.cookieHeader() } }
  const [edited] = await movieIds(url, 1)
  const editors = await inBatches(50, 5, async (n) => {
    const editor = await register(url, `profile_editor_${n}`)
    await addToWatchlist(editor, edited!)
    return writeHeaders(editor)
  })
  return {
    url: `${url}/api/watchlist/movie/${edited}`,
    method: 'PATCH',
    body: JSON.stringify({ note: 'edit [<id>]' }),
    headersPerConnection: editors,
  }
}

const routes = process.argv.slice(2)
if (routes.length === 0) routes.push('/api/user')
const profileDir = mkdtempSync(join(tmpdir(), 'reelmates-profile-'))
// The profile's clock is the machine's monotonic clock, as process.hrtime's: the load's stretch of it
// picks the samples of the load alone.
const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n)
const loadWindow: ProfileWindow = { from: 0, to: Number.MAX_SAFE_INTEGER }
const gateway = await startGateway(['--cpu-prof', `--cpu-prof-dir=${profileDir}`])
const generator = startLoadGenerator()
try {
  const member = await register(gateway.url, 'profile_member')
  for (const route of routes) await prepare(gateway.url, member, route)
  // Every route's set-up (registrations hash passwords) comes before any load, as `prepare` does.
  const loads: FigureLoad[] = []
  for (const route of routes) loads.push(await loadOf(gateway.url, member, route))
  loadWindow.from = monotonicMicros()
  for (const [i, route] of routes.entries()) {
    const figures = await generator.run({ ...loads[i]!, connections: 50, durationSeconds: seconds })
    console.log(
      `${route}: ${Math.round(figures.requestsPerSecond)} req/s, p99 ${figures.p99Ms} ms, ${figures.non2xx} non-2xx`,
    )
  }
  loadWindow.to = monotonicMicros()
} finally {
  await generator.stop()
  await gateway.stop()
}
for (const file of readdirSync(profileDir)) {
  console.log(`\n${join(profileDir, file)}`)
  summariseProfile(join(profileDir, file), 40, loadWindow)
}
