import { fork } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { httpClient, startServer } from '../serverProcess'
import { noteOf, type SoakConnection, type SoakFigures, type SoakLoad } from './soakLoad'

const repoRoot = join(import.meta.dirname, '..', '..', '..', '..')
const titlesPerMember = 4

export interface SoakOptions {
  connections: number
  durationSeconds: number
}

export interface SoakReport {
  figures: Omit<SoakFigures, 'notes'>
  /** Answers other than 2xx that the load generator saw, as it saw them (first few). */
  refusals: string[]
  acknowledgedWrites: number
  /** Titles whose note, read back after the run, is older than the last one the server acknowledged. */
  lostWrites: string[]
  /** The server's resident memory (MB), sampled every half second through the run. */
  rssMb: number[]
  /** Median RSS of the last quarter of the run over that of its second quarter (after warming up). */
  rssGrowth: number
}

const ok = async (answer: Response, what: string) => {
  if (!answer.ok) throw new Error(`${what}: ${answer.status} ${await answer.text()}`)
  return answer
}

const rssOf = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m)
  return line ? Number(line[1]) / 1024 : Number.NaN
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

function generate(load: SoakLoad, refusals: string[], onStart: () => void): Promise<SoakFigures> {
  const child = fork(join(import.meta.dirname, 'soakLoad.ts'), [], {
    cwd: repoRoot,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  return new Promise((resolve, reject) => {
    child.on('message', (message: { figures?: SoakFigures; error?: string; refused?: string; started?: true }) => {
      if (message.started) return onStart()
      if (message.refused !== undefined) {
        if (refusals.length < 10) refusals.push(message.refused)
        return
      }
      child.disconnect()
      if (message.figures) resolve(message.figures)
      else reject(new Error(`soak load generator: ${message.error}`))
    })
    child.once('exit', (code) => reject(new Error(`soak load generator exited with ${code}`)))
    child.send(load)
  })
}

/**
 * Issue 16.9: `connections` members' browsers (one title of a watchlist each) read and write against
 * the gateway as `npm start` runs it (logging on), from a load generator in its own process. Reports
 * errors and non-2xx answers, the server's memory through the run, and every acknowledged note that
 * cannot be read back afterwards.
 */
export async function runSoak({ connections, durationSeconds }: SoakOptions): Promise<SoakReport> {
  const dataDir = mkdtempSync(join(tmpdir(), 'reelmates-soak-'))
  const server = await startServer({
    DATA_DIR: dataDir,
    WEB_DIST: join(dataDir, 'no-web'),
    LOG_LEVEL: 'info',
    AUTH_RATE_LIMIT_MAX: '100000',
  })
  try {
    const trending = (await (await ok(await fetch(`${server.url}/api/tmdb/trending/movies`), 'trending')).json()) as {
      results: { id: number }[]
    }
    const titles = trending.results.slice(0, titlesPerMember).map((title) => title.id)
    const memberCount = Math.ceil(connections / titlesPerMember)
    const members = await Promise.all(
      Array.from({ length: memberCount }, async (_, n) => {
        const member = httpClient(server.url)
        const username = `soak${n}`
        await ok(
          await member.call('POST', '/api/register', {
            username,
            email: `${username}@example.com`,
            password: 'soak-pw',
          }),
          `register ${username}`,
        )
        for (const tmdbId of titles) {
          await ok(await member.call('POST', '/api/watchlist', { tmdbId, mediaType: 'movie' }), 'add to watchlist')
        }
        const { csrfToken } = (await (await member.call('GET', '/api/csrf-token')).json()) as { csrfToken: string }
        const headers = { cookie: member.cookieHeader(), 'csrf-token': csrfToken, 'content-type': 'application/json' }
        return { member, headers }
      }),
    )
    const plan: SoakConnection[] = Array.from({ length: connections }, (_, n) => ({
      headers: members[n % memberCount]?.headers ?? {},
      tmdbId: titles[Math.floor(n / memberCount)] ?? Number.NaN,
    }))

    const rssMb: number[] = []
    let sampler: NodeJS.Timeout | undefined
    const pid = server.child.pid ?? 0
    const sampleFromNowOn = () => (sampler = setInterval(() => rssMb.push(rssOf(pid)), 500))
    const refusals: string[] = []
    const load = { url: server.url, durationSeconds, connections: plan }
    const { notes, ...figures } = await generate(load, refusals, sampleFromNowOn).finally(() => clearInterval(sampler))

    // Read every title back once the read models have caught up with the log.
    const { headPosition } = (await (await fetch(`${server.url}/api/health`)).json()) as { headPosition: string }
    const stored = await Promise.all(
      members.map(async ({ member }) => {
        const answer = await ok(
          await member.call('GET', '/api/watchlist?pageSize=50', undefined, { 'x-min-position': headPosition }),
          'read back',
        )
        const { items } = (await answer.json()) as { items: { tmdbId: number; note: string | null }[] }
        return new Map(items.map((item) => [item.tmdbId, item.note]))
      }),
    )
    const lostWrites: string[] = []
    notes.forEach(({ sent, lastAcknowledged }, n) => {
      if (lastAcknowledged === 0) return
      const note = stored[n % memberCount]?.get(plan[n]?.tmdbId ?? Number.NaN)
      const kept = Array.from({ length: sent - lastAcknowledged + 1 }, (_, k) => noteOf(n, lastAcknowledged + k))
      if (!note || !kept.includes(note)) lostWrites.push(`${noteOf(n, lastAcknowledged)} read back as ${note}`)
    })
    const quarter = Math.max(1, Math.floor(rssMb.length / 4))
    return {
      figures,
      refusals,
      acknowledgedWrites: notes.reduce((sum, note) => sum + note.lastAcknowledged, 0),
      lostWrites,
      rssMb,
      rssGrowth: median(rssMb.slice(-quarter)) / median(rssMb.slice(quarter, 2 * quarter)),
    }
  } finally {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
