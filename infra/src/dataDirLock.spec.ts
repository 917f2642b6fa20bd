import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DataDirInUse, lockDataDir, type DataDirLock } from './dataDirLock'

describe('the lock on a data directory', () => {
  let dataDir: string
  let lockFile: string
  const held: DataDirLock[] = []
  const lock = () => {
    const taken = lockDataDir(dataDir)
    held.push(taken)
    return taken
  }

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'reelmates-lock-'))
    lockFile = join(dataDir, 'server.lock')
  })
  afterEach(() => {
    for (const taken of held.splice(0)) taken.release()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('holds the pid of the server while it runs, and is gone once released', () => {
    const taken = lock()
    expect(readFileSync(lockFile, 'utf8')).toBe(`${process.pid}\n`)
    taken.release()
    expect(existsSync(lockFile)).toBe(false)
  })

  it('refuses a directory that a running process holds, naming the directory and the pid', () => {
    // The parent of this test process is alive for as long as the test runs.
    writeFileSync(lockFile, `${process.ppid}\n`)
    expect(lock).toThrow(DataDirInUse)
    expect(lock).toThrow(`The data directory ${dataDir} is in use by another Reelmates server (pid ${process.ppid})`)
    expect(readFileSync(lockFile, 'utf8')).toBe(`${process.ppid}\n`)
  })

  it('refuses a second lock in the same process', () => {
    lock()
    expect(lock).toThrow(`(pid ${process.pid})`)
  })

  it('takes over the lock of a process that is gone', () => {
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' })
    writeFileSync(lockFile, `${gone.stdout}\n`)
    lock()
    expect(readFileSync(lockFile, 'utf8')).toBe(`${process.pid}\n`)
  })

  it("takes over a lock holding this process's own pid from an earlier life (a restarted container's pid 1)", () => {
    writeFileSync(lockFile, `${process.pid}\n`)
    lock()
    expect(readFileSync(lockFile, 'utf8')).toBe(`${process.pid}\n`)
  })

  it('takes over a lock without a pid, and leaves a lock another server took over in its place', () => {
    writeFileSync(lockFile, '')
    const taken = lock()
    writeFileSync(lockFile, `${process.ppid}\n`)
    taken.release()
    expect(readFileSync(lockFile, 'utf8')).toBe(`${process.ppid}\n`)
  })
})
