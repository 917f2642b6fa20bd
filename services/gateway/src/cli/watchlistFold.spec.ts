import { execFile } from 'node:child_process'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MediaResult } from '@reelmates/contracts/catalog'
import { signedInAgent } from '../testing/signedIn'
import { createTestApp, type TestApp } from '../testing/testApp'

const run = promisify(execFile)
const root = resolve(import.meta.dirname, '../../../..')

let test: TestApp
let titles: MediaResult[]
beforeAll(async () => {
  test = await createTestApp()
  titles = (await test.platform.catalog.trendingMovies()).results.slice(0, 4)
})
afterAll(() => test.close())

/** The CLI, in its own process, on the data directory of a server that is running. */
async function fold(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'services/gateway/src/cli/watchlistFold.ts', ...args],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: test.dataDir, LOG_LEVEL: 'silent', WEB_DIST: join(test.dataDir, 'no-web') },
      },
    )
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

describe('watchlist fold CLI', () => {
  it("prints the fold of a user's watchlist stream, notes decrypted, equal to the read model", async () => {
    const { client, user } = await signedInAgent(test.app, 'fold_user')
    const path = (title: MediaResult) => `/api/watchlist/movie/${title.id}`
    for (const title of titles) await client.post('/api/watchlist', { tmdbId: title.id, mediaType: 'movie' })
    await client.post(`${path(titles[3]!)}/move`, { toIndex: 0 })
    await client.patch(path(titles[1]!), { note: 'with Sam' })
    await client.delete(path(titles[2]!))

    const folded = await fold(user.id)
    expect(folded.code, folded.stderr).toBe(0)
    const expected = [
      { tmdbId: titles[3]!.id, mediaType: 'movie', note: null },
      { tmdbId: titles[0]!.id, mediaType: 'movie', note: null },
      { tmdbId: titles[1]!.id, mediaType: 'movie', note: 'with Sam' },
    ]
    expect(JSON.parse(folded.stdout)).toEqual(expected)
    const read = (await client.get('/api/watchlist')).json<{ items: { tmdbId: number; note: string | null }[] }>()
    expect(read.items.map(({ tmdbId, note }) => ({ tmdbId, mediaType: 'movie', note }))).toEqual(expected)
  })

  it('prints an empty list for a user with no watchlist, and the usage without a user', async () => {
    expect(JSON.parse((await fold('nobody')).stdout)).toEqual([])
    const bare = await fold()
    expect(bare.code).toBe(2)
    expect(bare.stderr).toMatch(/Usage/)
  })
})
