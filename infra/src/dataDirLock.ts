import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * One server per data directory. In the embedded column a server runs every projector and reaction
 * itself, and its leases are held under an owner named after the directory (so a restart takes them
 * back at once): a second server on the same directory would run them all again, and every mail
 * would go out twice. A `server.lock` file holding the pid of the server that runs there keeps the
 * second one out; a lock whose process is gone (killed, crashed) is taken over.
 */
export interface DataDirLock {
  /** Removes the lock file; safe to call more than once. */
  release(): void
}

export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by another Reelmates server (pid ${pid}); stop it first, or give this one another DATA_DIR.`,
    )
    this.name = 'DataDirInUse'
  }
}

const LOCK_FILE = 'server.lock'

/** Lock files this process holds: its own pid in a lock means a previous life only when not held here. */
const heldHere = new Set<string>()

export function lockDataDir(dataDir: string): DataDirLock {
  const path = join(dataDir, LOCK_FILE)
  // The pid is written to a file of our own and linked into place, so the lock never exists empty
  // (link, like an exclusive create, fails when the lock is already there).
  const mine = `${path}.${process.pid}`
  writeFileSync(mine, `${process.pid}\n`)
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        placeLock(mine, path)
        heldHere.add(path)
        return held(path)
      } catch (error) {
        if (!isCode(error, 'EEXIST')) throw error
      }
      const holder = holderOf(path)
      if (holder !== undefined && isRunning(holder, path)) throw new DataDirInUse(dataDir, holder)
      takeOverStale(path, dataDir)
    }
    throw new Error(`Could not lock the data directory ${dataDir}: ${path} keeps coming back`)
  } finally {
    rmSync(mine, { force: true })
  }
}

function placeLock(mine: string, path: string): void {
  try {
    linkSync(mine, path)
  } catch (error) {
    if (!['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS'].some((code) => isCode(error, code))) throw error
    // A file system without hard links: an exclusive create, whose file is empty for a moment.
    writeFileSync(path, `${process.pid}\n`, { flag: 'wx' })
  }
}

function held(path: string): DataDirLock {
  return {
    release() {
      if (!heldHere.delete(path)) return
      // Only our own lock is removed: a successor that took it over after we were thought dead keeps its.
      if (holderOf(path) === process.pid) rmSync(path, { force: true })
    },
  }
}

/**
 * Moves a stale lock out of the way. Two servers starting at once may both find the same stale lock;
 * the rename lets only one of them move it, and one that moved a lock another has just taken puts it back.
 */
function takeOverStale(path: string, dataDir: string): void {
  const aside = `${path}.stale-${process.pid}`
  try {
    renameSync(path, aside)
  } catch (error) {
    if (isCode(error, 'ENOENT')) return
    throw error
  }
  const holder = holderOf(aside)
  if (holder !== undefined && isRunning(holder, path)) {
    try {
      linkSync(aside, path)
    } finally {
      rmSync(aside, { force: true })
    }
    throw new DataDirInUse(dataDir, holder)
  }
  rmSync(aside, { force: true })
}

function holderOf(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8'), 10)
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}

function isRunning(pid: number, path: string): boolean {
  // Our own pid in a lock we do not hold is a previous life of this server: a container restarted
  // with the same pid (often 1) after a kill that left its lock behind.
  if (pid === process.pid) return heldHere.has(path)
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to another user; it is alive all the same.
    return !isCode(error, 'ESRCH')
  }
}

function isCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code
}
