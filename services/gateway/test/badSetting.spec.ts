import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const repoRoot = join(import.meta.dirname, '..', '..', '..')
const parent = mkdtempSync(join(tmpdir(), 'reelmates-bad-setting-'))
afterAll(() => rmSync(parent, { recursive: true, force: true }))

describe('a server started with a setting it refuses', () => {
  it('says so in one line naming the setting, without a stack, exits non-zero and creates nothing', async () => {
    const dataDir = join(parent, 'data')
    let started: { code: number; stdout: string; stderr: string }
    try {
      const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'services/gateway/src/main.ts'], {
        cwd: repoRoot,
        env: { ...process.env, PORT: 'abc', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
        timeout: 60_000,
      })
      started = { code: 0, stdout, stderr }
    } catch (error) {
      started = error as { code: number; stdout: string; stderr: string }
    }
    expect(started.code).toBe(2)
    expect(started.stdout).toBe('')
    expect(started.stderr).toBe(
      'Reelmates cannot start: Invalid configuration: PORT: Invalid input: expected number, received NaN\n',
    )
    expect(existsSync(dataDir)).toBe(false)
  }, 90_000)
})
